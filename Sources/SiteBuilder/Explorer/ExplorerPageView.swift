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
    /// `<ul>` with the next one inside the entry it opens. Made from the root down as the bytes before
    /// and after each opening, joined once: nesting each level into the one above copied the deeper
    /// levels again at every level, cubic in the depth of a page. One buffer and the page's links
    /// split once: a string per entry and link was a twelfth of a cold build.
    private static func list(tree: ExplorerTree, node: Int, page: String, urls: URLStyle) -> String {
        let levels = tree.ancestors(of: node) + (tree.nodes[node].isFolder ? [node] : [])
        let links = PageLinks(from: page, urls: urls)
        var before: [UInt8] = []
        var after: [[UInt8]] = []
        var html: [UInt8] = []
        var href: [UInt8] = []
        let pageIsFolder = tree.nodes[node].isFolder
        for (depth, level) in levels.enumerated() {
            let focus = depth + 1 < levels.count ? levels[depth + 1] : (pageIsFolder ? nil : node)
            let children = tree.nodes[level].children
            let at = focus.flatMap { children.firstIndex(of: $0) } ?? 0
            let start = max(0, min(at - window / 2, children.count - window))
            let end = min(children.count, start + window)
            html.append(depth == 0 ? "<ul class=\"explorer-list\">" : "<ul>")
            // Made only for a level cut by the window: most levels show all their entries.
            let more =
                start > 0 || end < children.count
                ? More(folder: tree.nodes[level], depth: depth, links: links) : nil
            if start > 0 { more?.append(start, to: &html) }
            var opened = false
            for child in children[start..<end] {
                // The node's fields read in place: a copy of each entry retained all of them.
                let isFolder = tree.nodes[child].isFolder
                html.append(isFolder ? "<li class=\"explorer-folder\"><a href=\"" : "<li><a href=\"")
                href.removeAll(keepingCapacity: true)
                links.append(to: tree.nodes[child].pagePath, into: &href)
                HTMLText.appendEscaped(href, to: &html)
                html.append(child == node ? "\" aria-current=\"page\">" : "\">")
                HTMLText.appendEscaped(tree.nodes[child].title.utf8, to: &html)
                html.append("</a>")
                if child == focus, isFolder {
                    before += html
                    html.removeAll(keepingCapacity: true)
                    opened = true
                }
                html.append("</li>")
            }
            if end < children.count { more?.append(children.count - end, to: &html) }
            html.append("</ul>")
            guard opened else {
                before += html
                break  // the way down leaves the window here: deeper levels are not shown
            }
            after.append(html)
            html = []
        }
        for level in after.reversed() { before += level }
        return String(decoding: before, as: UTF8.self)
    }

    /// The entry that stands for a level's notes outside the window: a link to the folder's page.
    private struct More {
        var url: String
        var place: String

        init(folder: ExplorerTree.Node, depth: Int, links: PageLinks) {
            url = links.href(to: folder.pagePath).htmlEscaped
            place = depth == 0 ? "on the home page" : "in " + folder.title.htmlEscaped
        }

        func append(_ count: Int, to html: inout [UInt8]) {
            html.append(
                contentsOf: "<li class=\"explorer-more\"><a href=\"\(url)\">\(count) more \(place)</a></li>"
                    .utf8)
        }
    }
}

extension [UInt8] {
    /// Appends a literal's bytes in place (the generic path through `String.UTF8View` showed in
    /// profiles of the explorer, which writes a dozen literals per entry).
    fileprivate mutating func append(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
