import Foundation
import Testing

@testable import SiteBuilder

/// One thing a page depends on, as an edit that must reach the page: the vault before, the files
/// the edit writes, and the page it must change.
struct PageDependency: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let before: [String: Data]
    let edit: [String: Data]
    let page: String

    init(_ name: String, before: [String: String], edit: [String: String], page: String) {
        testDescription = name
        self.before = before.mapValues { Data($0.utf8) }
        self.edit = edit.mapValues { Data($0.utf8) }
        self.page = page
    }

    init(_ name: String, before: [String: Data], edit: [String: Data], page: String) {
        testDescription = name
        self.before = before
        self.edit = edit
        self.page = page
    }

    static let red = TinyPNG.solid(width: 8, height: 6, rgb: (200, 40, 40))
    static let blue = TinyPNG.solid(width: 8, height: 6, rgb: (20, 40, 220))

    static let all: [PageDependency] = [
        PageDependency(
            "a section of another note",
            before: ["host.md": "# Host\n\n![[Part#Food]]\n", "part.md": part("bread")],
            edit: ["part.md": part("cheese")], page: "host.html"),
        PageDependency(
            "a section gone from its note",
            before: ["host.md": "# Host\n\n![[Part#Food]]\n", "part.md": part("bread")],
            edit: ["part.md": "# Part\n\n## Meals\n\nbread\n"], page: "host.html"),
        PageDependency(
            "a property link", before: ["target.md": "# Target\n\nhere\n", "linker.md": property("related")],
            edit: ["linker.md": property("source")], page: "target.html"),
        PageDependency(
            "a backlink appearing",
            before: ["target.md": "# Target\n\nhere\n", "other.md": "# Other\n\nalone\n"],
            edit: ["other.md": "# Other\n\nnow about [[Target]]\n"], page: "target.html"),
        PageDependency(
            "a new note linking", before: ["target.md": "# Target\n\nhere\n"],
            edit: ["new.md": "# Newcomer\n\nsee [[Target]]\n"], page: "target.html"),
        PageDependency(
            "a linking note retitled",
            before: ["target.md": "# Target\n\nhere\n", "linker.md": "# Linker\n\nsee [[Target]]\n"],
            edit: ["linker.md": "---\ntitle: Renamed\n---\n# Linker\n\nsee [[Target]]\n"], page: "target.html"
        ),
        PageDependency(
            "an embedded note's embedded note",
            before: ["a.md": "# A\n\n![[B]]\n", "b.md": "# B\n\n![[C]]\n", "c.md": "# C\n\nold\n"],
            edit: ["c.md": "# C\n\nnew\n"], page: "a.html"),
        PageDependency(
            "a linked note's page moved",
            before: ["a.md": "# A\n\nsee [[B]]\n", "b.md": "# B\n\nhere\n"],
            edit: ["b.md": "---\npermalink: elsewhere/b\n---\n# B\n\nhere\n"], page: "a.html"),
        PageDependency(
            "a tag somewhere in the site",
            before: ["a.md": "# A\n\nhere\n", "b.md": "# B\n\nhere\n"],
            edit: ["b.md": "---\ntags: [topic]\n---\n# B\n\nhere\n"], page: "a.html"),
        PageDependency(
            "an image replaced",
            before: ["a.md": Data("# A\n\n![](pic.png)\n".utf8), "pic.png": red], edit: ["pic.png": blue],
            page: "a.html"),
        PageDependency(
            "an image an embedded note shows",
            before: [
                "host.md": Data("# Host\n\n![[Part]]\n".utf8),
                "part.md": Data("# Part\n\n![](pic.png)\n".utf8),
                "pic.png": red,
            ],
            edit: ["pic.png": blue], page: "host.html"),
        PageDependency(
            "a property of a note a base lists",
            before: ["host.md": shelf, "dune.md": book("Dune", pages: 412)],
            edit: ["dune.md": book("Dune", pages: 896)], page: "host.html"),
        PageDependency(
            "a new note entering a base's filter",
            before: ["host.md": shelf, "dune.md": book("Dune", pages: 412)],
            edit: ["emma.md": book("Emma", pages: 474)], page: "host.html"),
        PageDependency(
            "the picture a base's card shows",
            before: [
                "host.md": Data(shelf.replacingOccurrences(of: "type: table", with: "type: cards").utf8),
                "dune.md": Data((book("Dune", pages: 412) + "\n![](pic.png)\n").utf8), "pic.png": red,
            ],
            edit: ["pic.png": blue], page: "host.html"),
    ]

    /// A note showing a base of the notes tagged `book`, by their pages.
    private static let shelf =
        "# Host\n\n```base\nfilters: file.hasTag(\"book\")\nviews:\n  - type: table\n    name: Books\n    order: [file.name, pages]\n```\n"

    private static func book(_ title: String, pages: Int) -> String {
        "---\ntags: [book]\npages: \(pages)\n---\n# \(title)\n\nwords\n"
    }

    private static func part(_ food: String) -> String {
        "# Part\n\n## Food\n\n\(food)\n\n## Drink\n\nwater\n"
    }

    private static func property(_ name: String) -> String {
        "---\n\(name): \"[[Target]]\"\n---\n# Linker\n\nwords\n"
    }
}

extension IncrementalBuildTests {
    /// Each dependency in its own small vault, so the edit is the only change, with notes beside
    /// it whose pages can be reused; `watched` tells the build which files changed, as
    /// `notesite serve` does. Each case fails when its dependency is left out of the page's key.
    @Test(
        "a page follows each thing it depends on, as a fresh build does",
        arguments: PageDependency.all, [false, true])
    func aPageFollowsWhatItDependsOn(_ dependency: PageDependency, watched: Bool) async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        for (path, data) in dependency.before { try vault.write(data, to: path) }
        for index in 0..<3 { try vault.write("# Aside \(index)\n\nalone\n", to: "aside\(index).md") }
        // Without the explorer, which shows every note's title and page on every page, a page
        // changes only through what it depends on.
        try vault.write("explorer: false\nbreadcrumbs: false\n", to: "notesite.yml")
        var options = BuildOptions(vault: vault.root, jobs: 2)
        let memory = BuildMemory()
        options.memory = memory
        if watched { memory.startWatching() }
        let (first, _) = await SiteBuild.make(options)
        let old = try #require(first?.files[dependency.page])
        var changes = VaultChanges()
        for (path, data) in dependency.edit {
            try vault.write(data, to: path)
            changes.touch(vault.root.resolvingSymlinksInPath().appendingPathComponent(path).path)
        }
        if watched { memory.touch(changes) }
        let (incremental, report) = await SiteBuild.make(options)
        let (fresh, _) = await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))
        let made = try #require(incremental?.files)
        let expected = try #require(fresh?.files)
        #expect(expected[dependency.page] != old, "the edit shows on \(dependency.page)")
        let differing = Set(made.keys).union(expected.keys).filter { made[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "after \(dependency.testDescription): \(differing)")
        #expect(report.madePages.contains(dependency.page))
    }
}

extension IncrementalBuildTests {
    /// A base that reads the clock (`today()`) changes from one day to the next though no note
    /// changed: on a later day's build its page is made again, as a fresh build of that day makes
    /// it, while a page whose base does not read the clock, and the rest, are kept. Fails when the
    /// day is left out of the page's key, or put into every page's.
    @Test func aPageWhoseBaseReadsTheClockIsMadeAgainOnALaterDay() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let book = "---\ntags: [book]\ndue: 2025-06-20\n---\n# Dune\n\nwords\n"
        let clock =
            "# Clock\n\n```base\nfilters: file.hasTag(\"book\")\nformulas:\n  left: '(date(due) - today()).days'\nviews:\n  - type: table\n    name: Due\n    order: [file.name, formula.left]\n```\n"
        let plain =
            "# Plain\n\n```base\nfilters: file.hasTag(\"book\")\nviews:\n  - type: table\n    name: Books\n    order: [file.name, due]\n```\n"
        try vault.write(book, to: "dune.md")
        try vault.write(clock, to: "clock.md")
        try vault.write(plain, to: "plain.md")
        try vault.write("# Aside\n\nalone\n", to: "aside.md")
        try vault.write("explorer: false\nbreadcrumbs: false\n", to: "notesite.yml")
        func day(_ text: String) throws -> Date {
            try #require(ISO8601DateFormatter().date(from: text + "T09:00:00Z"))
        }
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.memory = BuildMemory()
        options.now = try day("2025-06-15")
        let (first, _) = await SiteBuild.make(options)
        let before = try #require(first?.files["clock.html"])
        #expect(String(decoding: before, as: UTF8.self).contains("<td data-sort=\"5.0\">5</td>"))
        // Later the same day: nothing to make again.
        options.now = try day("2025-06-15").addingTimeInterval(3600)
        let (_, sameDay) = await SiteBuild.make(options)
        #expect(sameDay.madePages.isEmpty, "\(sameDay.madePages)")
        // The next day: only the page whose base reads the clock.
        options.now = try day("2025-06-16")
        let (later, report) = await SiteBuild.make(options)
        var freshOptions = BuildOptions(vault: vault.root, jobs: 2)
        freshOptions.now = options.now
        let (fresh, _) = await SiteBuild.make(freshOptions)
        let made = try #require(later?.files)
        let expected = try #require(fresh?.files)
        #expect(
            String(decoding: made["clock.html"] ?? Data(), as: UTF8.self).contains(
                "<td data-sort=\"4.0\">4</td>"))
        let differing = Set(made.keys).union(expected.keys).filter { made[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "\(differing)")
        #expect(report.madePages == ["clock.html"], "\(report.madePages)")
    }
}
