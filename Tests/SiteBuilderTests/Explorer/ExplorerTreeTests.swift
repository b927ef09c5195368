import Foundation
import Testing

@testable import SiteBuilder

/// The explorer's tree: nesting, titles, `order`, the shared data file and each page's own view.
@Suite struct ExplorerTreeTests {
    static func entry(_ path: String, _ title: String, order: Double? = nil, page: String? = nil)
        -> ExplorerTree.Entry
    {
        ExplorerTree.Entry(
            path: path, pagePath: page ?? Slug.pagePath(forNote: path), title: title, order: order)
    }

    /// The titles under a folder, in order (folders with a trailing `/`).
    static func titles(_ tree: ExplorerTree, under node: Int = 0) -> [String] {
        tree[node].children.map { tree[$0].title + (tree[$0].isFolder ? "/" : "") }
    }

    static func folder(_ tree: ExplorerTree, _ page: String) throws -> Int {
        try #require(tree.byPage[page])
    }

    @Test func notesNestUnderTheirFolders() throws {
        let tree = ExplorerTree(entries: [
            Self.entry("trips/europe/Lisbon.md", "Lisbon"), Self.entry("trips/Packing.md", "Packing"),
            Self.entry("Home.md", "Welcome", page: "index.html"), Self.entry("About.md", "About"),
        ])
        #expect(Self.titles(tree) == ["trips/", "About"], "the home note is the root's page, not an entry")
        let trips = try Self.folder(tree, "trips/index.html")
        #expect(Self.titles(tree, under: trips) == ["europe/", "Packing"])
        let europe = try Self.folder(tree, "trips/europe/index.html")
        #expect(tree[europe].folder == "trips/europe")
        #expect(Self.titles(tree, under: europe) == ["Lisbon"])
        let lisbon = try Self.folder(tree, "trips/europe/lisbon.html")
        #expect(tree.ancestors(of: lisbon) == [0, trips, europe])
    }

    /// Folders are added once per run of notes in one folder (notes come sorted by path): a folder
    /// met again after its subfolders, and folders holding only subfolders, are each there once.
    @Test func foldersMetAgainAreOneFolder() throws {
        let paths = [
            "a/b/y.md", "a/x.md", "a/z.md", "c/d/e/f.md", "c/g.md", "c/d/h.md", "top.md", "a/b/c/w.md",
        ]
        let tree = ExplorerTree(entries: paths.reversed().map { Self.entry($0, $0) })
        let folders = tree.nodes.compactMap(\.folder)
        #expect(folders.sorted() == ["", "a", "a/b", "a/b/c", "c", "c/d", "c/d/e"])
        for path in paths {
            let note = try Self.folder(tree, Slug.pagePath(forNote: path))
            let parent = try #require(tree[note].parent)
            #expect(tree[parent].folder == FolderNames.joined(above: path), "\(path)")
        }
    }

    @Test func titlesSortWithoutCaseAndNumbersByValue() {
        let tree = ExplorerTree(entries: [
            Self.entry("w10.md", "Week 10"), Self.entry("w2.md", "week 2"), Self.entry("a.md", "apple"),
            Self.entry("b.md", "Banana"), Self.entry("w02.md", "Week 02b"),
        ])
        #expect(Self.titles(tree) == ["apple", "Banana", "week 2", "Week 02b", "Week 10"])
    }

    @Test func orderComesFirstLowerFirstThenFoldersThenTitles() throws {
        let tree = ExplorerTree(entries: [
            Self.entry("zeta.md", "Zeta", order: 2), Self.entry("alpha.md", "Alpha"),
            Self.entry("late/index.md", "Late folder", order: 1.5), Self.entry("late/x.md", "X"),
            Self.entry("plain/y.md", "Y"), Self.entry("first.md", "First", order: -1),
            Self.entry("beta.md", "Beta", order: 2),
        ])
        // -1, 1.5 (a folder, by its index note), 2 and 2 by title; then folders, then notes.
        #expect(Self.titles(tree) == ["First", "late/", "Beta", "Zeta", "plain/", "Alpha"])
        let late = try Self.folder(tree, "late/index.html")
        #expect(Self.titles(tree, under: late) == ["X"], "the folder's own note is its page, not an entry")
    }

    @Test func theOrderDoesNotDependOnTheInputOrder() {
        let entries = (0..<30).map {
            Self.entry("f\($0 % 4)/n\($0).md", "Same", order: $0 % 3 == 0 ? 1 : nil)
        }
        var random = SystemRandomNumberGenerator()
        let one = ExplorerTree(entries: entries)
        let other = ExplorerTree(entries: entries.shuffled(using: &random))
        #expect(one == other)
        #expect(ExplorerData.script(for: one) == ExplorerData.script(for: other))
    }

    @Test func theDataFileIsTheWholeTreeAsNestedArrays() throws {
        let tree = ExplorerTree(entries: [
            Self.entry("trips/europe/Lisbon.md", "Lisbon \"old\" <town>"), Self.entry("About.md", "About"),
            Self.entry("trips/Moved.md", "Moved", page: "elsewhere/moved.html"),
        ])
        let script = String(decoding: ExplorerData.script(for: tree), as: UTF8.self)
        let prefix = "window.notesiteExplorer="
        #expect(script.hasPrefix(prefix) && script.hasSuffix(";\n"))
        let json = Data(script.dropFirst(prefix.count).dropLast(2).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let top = try #require(object["tree"] as? [[Any]])
        #expect(top.count == 2)
        #expect(top[0][0] as? String == "trips" && top[0][1] as? String == "trips")
        let inTrips = try #require(top[0][2] as? [[Any]])
        #expect(inTrips[0][0] as? String == "europe")
        #expect(inTrips[1][0] as? String == "Moved" && inTrips[1][1] as? String == "/elsewhere/moved")
        let inEurope = try #require(inTrips[0][2] as? [[Any]])
        #expect(inEurope[0][0] as? String == "Lisbon \"old\" <town>" && inEurope[0][1] as? String == "lisbon")
        #expect(!script.contains("<town>"), "no markup in the script, escaped as JSON")
        #expect(top[1][0] as? String == "About" && top[1][1] as? String == "about" && top[1].count == 2)
    }

    @Test func aDeepFolderPathNeedsNoRecursion() {
        let path = (0..<600).map { "d\($0)" }.joined(separator: "/") + "/Bottom.md"
        let tree = ExplorerTree(entries: [Self.entry(path, "Bottom")])
        #expect(tree.nodes.count == 602)
        let script = String(decoding: ExplorerData.script(for: tree), as: UTF8.self)
        #expect(script.hasSuffix(String(repeating: "]]", count: 600) + "]};\n"))
        let view = ExplorerPageView(
            tree: tree, page: Slug.pagePath(forNote: path), urls: .files, explorer: true, breadcrumbs: true)
        #expect(view.crumbs.count == 601)
        #expect(view.list?.components(separatedBy: "<ul").count == 602)
    }
}
