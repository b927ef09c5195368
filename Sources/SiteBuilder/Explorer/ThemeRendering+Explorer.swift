import Mustache

extension ThemeRendering {
    /// A page's template values for the explorer and breadcrumbs: `explorer` (`list`, the no-JS
    /// `<ul>`; `page`, the page's path, by which explorer.js finds it in the tree; `pretty`) when
    /// the explorer is on, and `breadcrumbs` (`name`, `url`; the root named by the site's title)
    /// with `hasBreadcrumbs`.
    func explorerValues(_ view: ExplorerPageView, page: String) -> [String: TemplateValue] {
        var values: [String: TemplateValue] = [:]
        values["explorer"] = explorerObject(view, page: page)
        let crumbs = crumbValues(view)
        values["breadcrumbs"] = .array(crumbs)
        values["hasBreadcrumbs"] = .bool(!crumbs.isEmpty)
        return values
    }

    /// ``explorerValues(_:page:)`` set in a note page's context.
    func setExplorerValues(_ view: ExplorerPageView, page: String, in context: inout TemplateContext) {
        if view.list != nil { context.set(pageSlots.explorer, explorerObject(view, page: page)) }
        let crumbs = crumbValues(view)
        context.set(pageSlots.breadcrumbs, .array(crumbs))
        context.set(pageSlots.hasBreadcrumbs, .bool(!crumbs.isEmpty))
    }

    private func explorerObject(_ view: ExplorerPageView, page: String) -> TemplateValue? {
        view.list.map { list in
            library.record([
                (pageSlots.list, .string(list)), (pageSlots.page, .string(page)),
                (pageSlots.pretty, .bool(urls == .pretty)),
            ])
        }
    }

    private func crumbValues(_ view: ExplorerPageView) -> [TemplateValue] {
        guard !view.crumbs.isEmpty else { return [] }
        return crumbCache.values(for: view.crumbs) {
            view.crumbs.map { crumb -> TemplateValue in
                library.record([
                    (pageSlots.name, .string(crumb.name.isEmpty ? siteTitle : crumb.name)),
                    (pageSlots.url, .string(crumb.url)),
                ])
            }
        }
    }
}
