import HTMLText

/// What one page carries of the tree: its breadcrumbs, and the explorer's form without JavaScript,
/// a nested list of links from the root down to the page. Each level lists at most
/// ``ExplorerPageView/window`` entries around the way down (the rest are one link to that folder's
/// page), so a folder of 500 notes does not put 500 links into each of its pages; explorer.js
/// replaces the list with the whole tree from ``ExplorerData``.
struct ExplorerPageView: Sendable, Hashable {
    static let window = 10

    struct Crumb: Sendable, Hashable {
        /// The folder's name as written; empty for the vault's root (the theme shows the site's title).
        let name: String
        let url: String
    }

    /// The folders above the page, root first; empty for a page at the root.
    var crumbs: [Crumb] = []
    /// The `<ul>` of the explorer's no-JavaScript form; nil when the explorer is off.
    var list: String?

    init(tree: ExplorerTree, page: String, urls: URLStyle, explorer: Bool, breadcrumbs: Bool) {
        guard let node = tree.byPage[page] else { return }
        let above = tree.ancestors(of: node)
        if breadcrumbs, tree[node].isFolder || above.count > 1 {
            crumbs = above.map {
                Crumb(name: tree[$0].title, url: urls.href(from: page, to: tree[$0].pagePath))
            }
        }
        if explorer { list = Self.list(tree: tree, node: node, page: page, urls: urls) }
    }

    /// The levels from the root to the page's folder (to the folder itself on its own page), each a
    /// `<ul>` with the next one inside the entry it opens. Made from the root down as the text before
    /// and after each opening, joined once: nesting each level into the one above copied the deeper
    /// levels again at every level, cubic in the depth of a page.
    private static func list(tree: ExplorerTree, node: Int, page: String, urls: URLStyle) -> String {
        let levels = tree.ancestors(of: node) + (tree[node].isFolder ? [node] : [])
        var before: [String] = []
        var after: [String] = []
        for (depth, level) in levels.enumerated() {
            let focus = depth + 1 < levels.count ? levels[depth + 1] : (tree[node].isFolder ? nil : node)
            let children = tree[level].children
            let at = focus.flatMap { children.firstIndex(of: $0) } ?? 0
            let start = max(0, min(at - window / 2, children.count - window))
            let end = min(children.count, start + window)
            var html = depth == 0 ? "<ul class=\"explorer-list\">" : "<ul>"
            let folderURL = urls.href(from: page, to: tree[level].pagePath)
            let folderName = depth == 0 ? "on the home page" : "in " + tree[level].title.htmlEscaped
            if start > 0 { html += more(start, folderName, folderURL) }
            var opened = false
            for child in children[start..<end] {
                let entry = tree[child]
                let current = child == node ? " aria-current=\"page\"" : ""
                let link = "<a href=\"\(urls.href(from: page, to: entry.pagePath).htmlEscaped)\"\(current)>"
                html += entry.isFolder ? "<li class=\"explorer-folder\">" : "<li>"
                html += link + entry.title.htmlEscaped + "</a>"
                if child == focus, entry.isFolder {
                    before.append(html)
                    html = ""
                    opened = true
                }
                html += "</li>"
            }
            if end < children.count { html += more(children.count - end, folderName, folderURL) }
            html += "</ul>"
            guard opened else {
                before.append(html)
                break  // the way down leaves the window here: deeper levels are not shown
            }
            after.append(html)
        }
        return before.joined() + after.reversed().joined()
    }

    private static func more(_ count: Int, _ place: String, _ url: String) -> String {
        "<li class=\"explorer-more\"><a href=\"\(url.htmlEscaped)\">\(count) more \(place)</a></li>"
    }
}
