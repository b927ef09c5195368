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

    /// `shared`: the levels above notes' folders, made once for all pages that show the same.
    init(
        tree: ExplorerTree, page: String, urls: URLStyle, explorer: Bool, breadcrumbs: Bool,
        shared: ExplorerLevels? = nil
    ) {
        guard let node = tree.byPage[page] else { return }
        let above = tree.ancestors(of: node)
        // The page split once for all its crumbs and its list, and its place found once.
        let links = PageLinks(from: page, urls: urls)
        let place = shared == nil ? [] : links.folderBytes
        if breadcrumbs, tree[node].isFolder || above.count > 1 {
            let make = { above.map { Crumb(name: tree[$0].title, url: links.href(to: tree[$0].pagePath)) } }
            // A note's crumbs depend only on its folder and its page's place.
            if let shared, !tree[node].isFolder, let parent = above.last {
                crumbs = shared.crumbs(above: parent, place: place, urls: urls, make: make)
            } else {
                crumbs = make()
            }
        }
        if explorer {
            list = Self.list(
                tree: tree, node: node, ancestors: above, links: links, place: place, shared: shared)
        }
    }

    /// The levels from the root to the page's folder (to the folder itself on its own page), each a
    /// `<ul>` with the next one inside the entry it opens. Made from the root down as the bytes before
    /// and after each opening, joined once: nesting each level into the one above copied the deeper
    /// levels again at every level, cubic in the depth of a page. One buffer and the page's links
    /// split once: a string per entry and link was a twelfth of a cold build. A note's levels above
    /// its own folder are the same for every note of that folder seen from the same place, so they
    /// come from `shared` when given: each page then makes one level.
    static func list(
        tree: ExplorerTree, node: Int, page: String, urls: URLStyle, shared: ExplorerLevels? = nil
    ) -> String {
        let links = PageLinks(from: page, urls: urls)
        return list(
            tree: tree, node: node, ancestors: tree.ancestors(of: node), links: links,
            place: shared == nil ? [] : links.folderBytes, shared: shared)
    }

    /// ``list(tree:node:page:urls:shared:)`` with the node's ancestors, the page's links and, when
    /// `shared` is given, its place (``PageLinks/folderBytes``) already made.
    private static func list(
        tree: ExplorerTree, node: Int, ancestors: [Int], links: PageLinks, place: [UInt8],
        shared: ExplorerLevels?
    ) -> String {
        let isFolder = tree.nodes[node].isFolder
        let urls = links.urls
        // Shared only for a page in its folder's own place (not a `pretty` or `permalink` page,
        // each seen from a place of its own): one entry per folder, never one per page.
        guard let shared, !isFolder, let parent = ancestors.last, place == Self.place(of: tree.nodes[parent])
        else {
            let levels = ancestors + (isFolder ? [node] : [])
            let made = Self.levels(
                levels[...], then: isFolder ? nil : node, tree: tree, node: node, links: links)
            return String(decoding: made.before + made.after, as: UTF8.self)
        }
        let upper = shared.levels(above: parent, place: place, urls: urls) {
            Self.levels(ancestors.dropLast(), then: parent, tree: tree, node: node, links: links)
        }
        guard upper.open else { return String(decoding: upper.before + upper.after, as: UTF8.self) }
        // The note's own folder, the one level that differs between its notes: its entries are not.
        let row = shared.row(of: parent, place: place, urls: urls) {
            ExplorerLevels.Row(
                tree.nodes[parent].children.map { Self.entry($0, tree: tree, links: links) },
                more: More(
                    folder: tree.nodes[parent], depth: ancestors.count - 1, links: links, words: tree.words))
        }
        var html = upper.before
        html.reserveCapacity(upper.before.count + row.joined.count + upper.after.count + 256)
        appendOwnLevel(row, depth: ancestors.count - 1, folder: parent, node: node, tree: tree, to: &html)
        html += upper.after
        return String(decoding: html, as: UTF8.self)
    }

    /// ``levels(_:then:tree:node:links:)`` of a note's own folder alone (the note is no folder,
    /// so the level opens nothing): the window's entries copied as two runs of the folder's
    /// joined entries around the note's own, which is marked as the current page.
    private static func appendOwnLevel(
        _ row: ExplorerLevels.Row, depth: Int, folder: Int, node: Int, tree: ExplorerTree,
        to html: inout [UInt8]
    ) {
        let children = tree.nodes[folder].children
        let found = children.firstIndex(of: node)
        let (start, end) = shown(around: found ?? 0, of: children.count)
        html.append(depth == 0 ? "<ul class=\"explorer-list\">" : "<ul>")
        // The folder's "more" entry is the same for all its notes: made once, with the row.
        let more = start > 0 || end < children.count ? row.more : nil
        if start > 0 { more?.append(start, to: &html) }
        if let found, found >= start, found < end {
            html += row.joined[row.offsets[start]..<row.offsets[found]]
            html += row.entries[found].open
            html.append("\" aria-current=\"page\">")
            html += row.entries[found].title
            html.append("</a></li>")
            html += row.joined[row.offsets[found + 1]..<row.offsets[end]]
        } else {
            html += row.joined[row.offsets[start]..<row.offsets[end]]
        }
        if end < children.count { more?.append(children.count - end, to: &html) }
        html.append("</ul>")
    }

    /// The entries a level shows: at most `window` of its `count`, around the one at `at`.
    private static func shown(around at: Int, of count: Int) -> (start: Int, end: Int) {
        let start = max(0, min(at - window / 2, count - window))
        return (start, min(count, start + window))
    }

    /// The "more" links of a level the window cuts; nil (and nothing made) for a level shown
    /// whole, as most are.
    private static func more(
        _ start: Int, _ end: Int, of count: Int, in folder: ExplorerTree.Node, depth: Int, links: PageLinks,
        words: ExplorerTree.Words
    ) -> More? {
        start > 0 || end < count ? More(folder: folder, depth: depth, links: links, words: words) : nil
    }

    /// Where the pages of a folder's notes sit: its slugged path and a slash, as ``PageLinks/folderBytes``.
    private static func place(of folder: ExplorerTree.Node) -> [UInt8] {
        guard let path = folder.folder, !path.isEmpty else { return [] }
        return Array(path.utf8) + [UInt8(ascii: "/")]
    }

    /// The `<ul>`s of `levels` (consecutive, from the root down), opened on the way to `node`: the
    /// bytes up to the deepest opening, and the bytes that close them. `open` is false when the way
    /// down left the window above the deepest level (deeper levels are then not shown). `next` is
    /// the entry the deepest level opens or marks (nil: none).
    static func levels(
        _ levels: ArraySlice<Int>, then next: Int?, tree: ExplorerTree, node: Int, links: PageLinks
    ) -> ExplorerLevels.Made {
        var before: [UInt8] = []
        var after: [[UInt8]] = []
        var html: [UInt8] = []
        var href: [UInt8] = []
        // A slice keeps its indices: a level's index is its depth below the root.
        for (depth, level) in zip(levels.indices, levels) {
            let focus = depth + 1 < levels.endIndex ? levels[depth + 1] : next
            let children = tree.nodes[level].children
            let (start, end) = shown(
                around: focus.flatMap { children.firstIndex(of: $0) } ?? 0, of: children.count)
            html.append(depth == 0 ? "<ul class=\"explorer-list\">" : "<ul>")
            let more = more(
                start, end, of: children.count, in: tree.nodes[level], depth: depth, links: links,
                words: tree.words)
            if start > 0 { more?.append(start, to: &html) }
            var opened = false
            for position in start..<end {
                let child = children[position]
                // The node's fields read in place: a copy of each entry retained all of them.
                let isFolder = tree.nodes[child].isFolder
                appendOpen(child, tree: tree, links: links, href: &href, to: &html)
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
                return ExplorerLevels.Made(
                    before: before, after: after.reversed().flatMap { $0 }, open: false)
            }
            after.append(html)
            html = []
        }
        return ExplorerLevels.Made(before: before, after: after.reversed().flatMap { $0 }, open: true)
    }

    /// A child's entry: its `<li>` and link up to the end of the `href` value, and its title.
    static func entry(_ child: Int, tree: ExplorerTree, links: PageLinks) -> ExplorerLevels.Entry {
        var open: [UInt8] = []
        var href: [UInt8] = []
        appendOpen(child, tree: tree, links: links, href: &href, to: &open)
        var title: [UInt8] = []
        HTMLText.appendEscaped(tree.nodes[child].title.utf8, to: &title)
        return ExplorerLevels.Entry(open: open, title: title)
    }

    /// Appends a child's `<li>` and link up to the end of its `href` value; `href` is a buffer.
    private static func appendOpen(
        _ child: Int, tree: ExplorerTree, links: PageLinks, href: inout [UInt8], to html: inout [UInt8]
    ) {
        html.append(
            tree.nodes[child].isFolder ? "<li class=\"explorer-folder\"><a href=\"" : "<li><a href=\"")
        href.removeAll(keepingCapacity: true)
        links.append(to: tree.nodes[child].pagePath, into: &href)
        HTMLText.appendEscaped(href, to: &html)
    }

    /// The entry that stands for a level's notes outside the window: a link to the folder's page.
    /// Its escaped link and place made once as bytes (an interpolated string per entry showed).
    struct More: Sendable {
        var url: [UInt8]
        /// The words before and after the number, escaped (`12 more in Europe`: `` and ` more in Europe`).
        var before: [UInt8]
        var after: [UInt8]

        init(folder: ExplorerTree.Node, depth: Int, links: PageLinks, words: ExplorerTree.Words) {
            url = Array(links.href(to: folder.pagePath).htmlEscaped.utf8)
            (before, after) = ([], [])
            var counted = false
            for piece in depth == 0 ? words.onHome : words.inFolder {
                switch piece {
                case .count: counted = true
                case .text(let bytes):
                    counted ? after.append(contentsOf: bytes) : before.append(contentsOf: bytes)
                case .folder:
                    if counted {
                        HTMLText.appendEscaped(folder.title.utf8, to: &after)
                    } else {
                        HTMLText.appendEscaped(folder.title.utf8, to: &before)
                    }
                }
            }
        }

        func append(_ count: Int, to html: inout [UInt8]) {
            html.append("<li class=\"explorer-more\"><a href=\"")
            html += url
            html.append("\">")
            html += before
            html += String(count).utf8
            html += after
            html.append("</a></li>")
        }
    }
}

extension [UInt8] {
    /// Appends a literal's bytes in place (the generic path through `String.UTF8View` showed in
    /// profiles of the explorer, which writes a dozen literals per entry).
    fileprivate mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
