import Foundation
import Testing

@testable import SiteBuilder

/// What each page carries of the explorer: breadcrumbs and the short list without JavaScript.
@Suite struct ExplorerPageViewTests {
    static let tree = ExplorerTree(
        entries: (0..<50).map { ExplorerTreeTests.entry("big/n\($0).md", "Note \($0)") } + [
            ExplorerTreeTests.entry("a/b/Deep.md", "Deep"), ExplorerTreeTests.entry("a/Near.md", "Near"),
            ExplorerTreeTests.entry("Top.md", "Top"),
        ])

    static func view(_ page: String, urls: URLStyle = .files) -> ExplorerPageView {
        ExplorerPageView(tree: tree, page: page, urls: urls, explorer: true, breadcrumbs: true)
    }

    static func links(_ html: String) -> [String] {
        html.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func breadcrumbsNameTheFoldersAboveTheNote() {
        let deep = Self.view("a/b/deep.html")
        #expect(deep.crumbs.map(\.name) == ["", "a", "b"])
        #expect(deep.crumbs.map(\.url) == ["../../index.html", "../index.html", "index.html"])
        #expect(Self.view("top.html").crumbs.isEmpty, "a note at the root has none")
        let folder = Self.view("a/b/index.html")
        #expect(folder.crumbs.map(\.url) == ["../../index.html", "../index.html"])
        #expect(Self.view("index.html").crumbs.isEmpty)
        #expect(
            Self.view("tags.html") == Self.view("no-such-page.html"), "pages outside the tree show nothing")
        #expect(Self.view("a/b/index.html", urls: .pretty).crumbs.map(\.url) == ["../../", "../"])
    }

    @Test func theListIsTheWayDownWithTheCurrentNoteMarked() throws {
        let list = try #require(Self.view("a/b/deep.html").list)
        #expect(
            Self.links(list) == [
                "../index.html", "index.html", "deep.html", "../near.html", "../../big/index.html",
                "../../top.html",
            ])
        #expect(list.contains("<a href=\"deep.html\" aria-current=\"page\">Deep</a>"))
        #expect(list.components(separatedBy: "aria-current").count == 2)
        // The open folders hold the next level; others are links only.
        #expect(list.contains("<a href=\"../index.html\">a</a><ul><li class=\"explorer-folder\">"))
        #expect(list.contains("<a href=\"../../big/index.html\">big</a></li>"))
    }

    @Test func aLargeFolderShowsAWindowAroundTheNoteAndLinksTheRest() throws {
        let list = try #require(Self.view("big/n30.html").list)
        let notes = Self.links(list).filter { $0.hasPrefix("n") }
        #expect(notes.count == ExplorerPageView.window)
        #expect(notes.contains("n30.html") && notes.first == "n25.html" && notes.last == "n34.html")
        #expect(list.contains("<li class=\"explorer-more\"><a href=\"index.html\">25 more in big</a></li>"))
        #expect(list.contains("<li class=\"explorer-more\"><a href=\"index.html\">15 more in big</a></li>"))
        let last = try #require(Self.view("big/n49.html").list)
        #expect(Self.links(last).filter { $0.hasPrefix("n") }.count == ExplorerPageView.window)
        #expect(last.contains(">40 more in big<") && last.components(separatedBy: "more in big").count == 2)
    }

    @Test func aFolderPageIsMarkedAndListsItsOwnEntries() throws {
        let list = try #require(Self.view("a/index.html").list)
        #expect(list.contains("<a href=\"index.html\" aria-current=\"page\">a</a><ul>"))
        #expect(Self.links(list).contains("near.html") && Self.links(list).contains("b/index.html"))
    }

    @Test func offSettingsLeaveTheirPartOut() {
        let page = "a/b/deep.html"
        let none = ExplorerPageView(
            tree: Self.tree, page: page, urls: .files, explorer: false, breadcrumbs: false)
        #expect(none.list == nil && none.crumbs.isEmpty)
        let crumbsOnly = ExplorerPageView(
            tree: Self.tree, page: page, urls: .files, explorer: false, breadcrumbs: true)
        #expect(crumbsOnly.list == nil && crumbsOnly.crumbs.count == 3)
    }

    /// A page 200 folders deep: every level open on the way down, nested once each, each link
    /// climbing as far as it must (the list was made by nesting each level into the one above).
    @Test func aDeepPageListsEveryLevelOnTheWayDown() throws {
        let folders = (0..<200).map { "l\($0)" }
        let path = folders.joined(separator: "/") + "/n.md"
        let tree = ExplorerTree(entries: [ExplorerTreeTests.entry(path, "N")])
        let page = Slug.pagePath(forNote: path)
        let view = ExplorerPageView(tree: tree, page: page, urls: .files, explorer: true, breadcrumbs: true)
        let list = try #require(view.list)
        let links = Self.links(list)
        #expect(links.count == 201 && links.last == "n.html")
        for (depth, link) in links.dropLast().enumerated() {
            #expect(link == String(repeating: "../", count: 199 - depth) + "index.html", "level \(depth)")
        }
        #expect(list.components(separatedBy: "<ul").count == 202)
        #expect(list.hasSuffix("</a></li></ul>" + String(repeating: "</li></ul>", count: 200)))
        #expect(
            view.crumbs.count == 201
                && view.crumbs.first?.url == String(repeating: "../", count: 200) + "index.html")
    }

    /// Every page's list made with the levels shared between pages is the list made for it alone:
    /// a note's page moved elsewhere (`permalink`), both URL styles, folders past the window.
    @Test(arguments: URLStyle.allCases)
    func sharedLevelsMakeEachPagesOwnList(urls: URLStyle) {
        var entries = (0..<30).map { ExplorerTreeTests.entry("big/sub/n\($0).md", "Note \($0)") }
        entries += (0..<14).map { ExplorerTreeTests.entry("big/m\($0).md", "M \($0)") }
        entries += [
            ExplorerTreeTests.entry("a/b/c/Deep.md", "Deep"),
            ExplorerTreeTests.entry("a/b/c/Other.md", "Other"),
            ExplorerTreeTests.entry("a/Near.md", "Near"), ExplorerTreeTests.entry("a/index.md", "A"),
            ExplorerTreeTests.entry("a/b/Moved.md", "Moved", page: "elsewhere/moved.html"),
            ExplorerTreeTests.entry("a/b/c/Moved too.md", "Moved too", page: "moved-too.html"),
            ExplorerTreeTests.entry("Top.md", "Top"),
        ]
        let tree = ExplorerTree(
            entries: entries.map {
                ExplorerTree.Entry(
                    path: $0.path,
                    pagePath: $0.pagePath.hasSuffix("moved.html") || $0.pagePath == "moved-too.html"
                        ? $0.pagePath : urls.pagePath(forNote: $0.path),
                    title: $0.title, order: $0.order)
            })
        let shared = ExplorerLevels()
        // Twice over: the second pass reads only what the first one stored.
        for _ in 0..<2 {
            for page in tree.byPage.keys.sorted() {
                let alone = ExplorerPageView(
                    tree: tree, page: page, urls: urls, explorer: true, breadcrumbs: true)
                let together = ExplorerPageView(
                    tree: tree, page: page, urls: urls, explorer: true, breadcrumbs: true, shared: shared)
                #expect(together == alone, "\(page)")
            }
        }
        // Kept once per folder of notes (root, big, big/sub, a, a/b/c); a `pretty` page is in a
        // place of its own and made alone, so nothing is kept per page.
        #expect(shared.count == (urls == .files ? 5 : 0))
    }
}
