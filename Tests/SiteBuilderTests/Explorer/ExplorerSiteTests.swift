import Foundation
import Testing

@testable import SiteBuilder

/// The explorer and breadcrumbs in built sites: settings, `order` problems, incremental rebuilds,
/// and Tests/Browser/explorer_test.py in a real browser.
@Suite(.serialized) struct ExplorerSiteTests {

    /// The browser test's vault: root notes, a nested `projects/`, and a 60-note `journal/`.
    static func writeVault(_ vault: TestVault) throws {
        try vault.write("title: Explorer vault\n", to: "notesite.yml")
        try vault.write("---\norder: 1\n---\n# Start\n\nWhere to begin.\n", to: "Start.md")
        try vault.write("# Zeta\n\nThe last word.\n", to: "Zeta.md")
        try vault.write("# Alpha\n\nFirst project.\n", to: "projects/Alpha.md")
        try vault.write("---\ntitle: Beta\n---\nSecond project.\n", to: "projects/b.md")
        try vault.write("# Inner\n\nDeeper.\n", to: "projects/deep/Inner.md")
        try vault.write("# Leaf\n\nThe deepest note.\n", to: "projects/deep/more/Leaf.md")
        for day in 1...60 {
            try vault.write("# Day \(day)\n\nWhat happened on day \(day).\n", to: "journal/Day \(day).md")
        }
    }

    static func build(_ vault: TestVault) async -> BuildReport {
        await SiteBuild.run(
            BuildOptions(vault: vault.root, output: vault.root.appendingPathComponent("_site"), jobs: 2))
    }

    @Test func pagesCarryTheTreeOnlyInTheSharedScript() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try Self.writeVault(vault)
        let report = await Self.build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let data = try vault.read("_site/assets/explorer-data.js")
        #expect((1...60).allSatisfy { data.contains("[\"Day \($0)\",\"day-\($0)\"]") })
        let page = try vault.read("_site/journal/day-45.html")
        #expect(page.contains("<script src=\"../assets/explorer-data.js\" defer></script>"))
        #expect(page.contains("data-page=\"journal/day-45.html\""))
        #expect(page.components(separatedBy: "href=\"day-").count - 1 == ExplorerPageView.window)
        #expect(!page.contains("Day 1<"), "a far entry of the folder is not copied into the page")
        let folder = try vault.read("_site/projects/deep/index.html")
        #expect(
            folder.contains(
                "<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\"><ol><li><a href=\"../../index.html\">Explorer vault</a></li><li><a href=\"../index.html\">projects</a></li></ol></nav>"
            ))
        let home = try vault.read("_site/index.html")
        #expect(home.contains("class=\"explorer\"") && !home.contains("class=\"breadcrumbs\""))
    }

    @Test func settingsTurnEachPartOff() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try Self.writeVault(vault)
        try vault.write("title: Off\nexplorer: false\nbreadcrumbs: false\n", to: "notesite.yml")
        let report = await Self.build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(!vault.exists("_site/assets/explorer-data.js"))
        let page = try vault.read("_site/projects/deep/more/leaf.html")
        #expect(!page.contains("explorer") && !page.contains("breadcrumbs"))
        #expect(page.contains("<main id=\"main\" class=\"note\" tabindex=\"-1\">"))
        try vault.write("explorer: maybe\n", to: "notesite.yml")
        let bad = await Self.build(vault)
        let message = bad.diagnostics.map(\.description).joined(separator: "\n")
        #expect(message.contains("notesite.yml:1:11: error: 'explorer' must be true or false"), "\(message)")
    }

    @Test func aBadOrderIsAnErrorAtItsValueAndTheNoteIsSortedByTitle() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("---\ntitle: B\norder: first\n---\nText.\n", to: "b.md")
        try vault.write("# A\n\nText.\n", to: "a.md")
        try vault.write("---\norder: 0.5\n---\n# C\n", to: "c.md")
        let report = await Self.build(vault)
        let messages = report.diagnostics.map(\.description)
        #expect(
            messages.contains {
                $0.hasSuffix(
                    "b.md:3:8: error: front matter 'order' must be a number such as 1 or 2.5, found a string 'first'"
                )
            },
            "\(messages)")
        #expect(report.errorCount == 1)
        let data = try vault.read("_site/assets/explorer-data.js")
        #expect(data.contains("[[\"C\",\"c\"],[\"A\",\"a\"],[\"B\",\"b\"]]"), "\(data)")
    }

    /// `serve`'s rebuilds: a title, an order, a rename and a new folder reach every page showing them.
    @Test func incrementalRebuildsFollowTitlesOrdersAndRenames() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try Self.writeVault(vault)
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.memory = BuildMemory()
        _ = await SiteBuild.make(options)
        let edits: [(String, () throws -> Void)] = [
            ("title", { try vault.write("# Alpha renamed\n\nFirst project.\n", to: "projects/Alpha.md") }),
            ("order", { try vault.write("---\norder: -3\n---\n# Day 50\n", to: "journal/Day 50.md") }),
            (
                "folder order",
                { try vault.write("---\norder: 0\n---\n# Projects\n", to: "projects/index.md") }
            ),
            (
                "rename",
                {
                    try FileManager.default.moveItem(
                        at: vault.root.appendingPathComponent("Zeta.md"),
                        to: vault.root.appendingPathComponent("projects/deep/Zeta.md"))
                }
            ),
        ]
        for (name, edit) in edits {
            try edit()
            let (incremental, _) = await SiteBuild.make(options)
            let (fresh, _) = await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))
            let made = try #require(incremental?.files)
            let expected = try #require(fresh?.files)
            let differing = Set(made.keys).union(expected.keys).filter { made[$0] != expected[$0] }.sorted()
            #expect(differing.isEmpty, "after the \(name) edit: \(differing.prefix(5))")
        }
        let (site, _) = await SiteBuild.make(options)
        let day = String(decoding: site?.files["journal/day-3.html"] ?? Data(), as: UTF8.self)
        #expect(day.contains("<li><a href=\"day-50.html\">Day 50</a></li><li><a href=\"day-1.html\">"))
        #expect(options.memory?.reusedPages ?? 0 > 0, "pages the edits do not reach are reused")
    }

    /// Tests/Browser/explorer_test.py over the vault above, from file://; with NOTESITE_SCALE_SITE
    /// set to a built large vault, it also times drawing that tree.
    @Test(BrowserScript.timeLimit(minutes: 3)) func explorerWorksInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let vault = try TestVault()
        defer { vault.remove() }
        try Self.writeVault(vault)
        let report = await Self.build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/explorer_test.py")
        let screenshots = DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots")
        let scale = ProcessInfo.processInfo.environment["NOTESITE_SCALE_SITE"].map { [$0] } ?? []
        let site = vault.root.appendingPathComponent("_site").path
        print(try BrowserScript.run([script.path, site, screenshots.path] + scale))
    }
}
