import Mustache

extension ThemeRendering {
    /// A page's template values for the explorer and breadcrumbs: `explorer` (`list`, the no-JS
    /// `<ul>`; `page`, the page's path, by which explorer.js finds it in the tree; `pretty`) when
    /// the explorer is on, and `breadcrumbs` (`name`, `url`; the root named by the site's title)
    /// with `hasBreadcrumbs`.
    func explorerValues(_ view: ExplorerPageView, page: String) -> [String: TemplateValue] {
        var values: [String: TemplateValue] = [:]
        if let list = view.list {
            values["explorer"] = [
                "list": .string(list), "page": .string(page), "pretty": .bool(urls == .pretty),
            ]
        }
        let crumbs = view.crumbs.map { crumb -> TemplateValue in
            ["name": .string(crumb.name.isEmpty ? siteTitle : crumb.name), "url": .string(crumb.url)]
        }
        values["breadcrumbs"] = .array(crumbs)
        values["hasBreadcrumbs"] = .bool(!crumbs.isEmpty)
        return values
    }
}
