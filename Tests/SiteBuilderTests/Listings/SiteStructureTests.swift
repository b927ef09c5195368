import Foundation
import Testing

@testable import SiteBuilder

@Suite struct SiteStructureTests {
    func build(_ vault: TestVault) async -> BuildReport {
        await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
    }

    @Test func homeNoteBecomesTheIndex() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Welcome\n\nSee [a](sub/A.md).\n", to: "Home.md")
        try vault.write("# A\n\n[home](../Home.md)\n", to: "sub/A.md")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(try vault.read("_site/index.html").contains(">Welcome</h1>"))
        #expect(!vault.exists("_site/home.html"))
        #expect(try vault.read("_site/sub/a.html").contains("<a href=\"../index.html\">home</a>"))
    }

    @Test func indexMdWinsOverHome() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Index\n", to: "index.md")
        try vault.write("# Home\n", to: "Home.md")
        _ = await build(vault)
        #expect(try vault.read("_site/index.html").contains(">Index</h1>"))
        #expect(try vault.read("_site/home.html").contains(">Home</h1>"))
    }

    @Test func foldersGetListingPages() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Lisbon\n", to: "Trips/Europe/Lisbon.md")
        try vault.write("# Rome\n", to: "Trips/Europe/Rome.md")
        try vault.write("# Overview\n", to: "Trips/Overview.md")
        try vault.write("# Top\n", to: "Top.md")
        _ = await build(vault)
        let trips = try vault.read("_site/trips/index.html")
        #expect(trips.contains("<h1>Trips</h1>"))
        #expect(trips.contains("<a href=\"overview.html\">Overview</a>"))
        #expect(trips.contains("<a href=\"europe/index.html\">Europe/</a>"))
        #expect(!trips.contains("Lisbon"), "only the folder's own notes")
        let europe = try vault.read("_site/trips/europe/index.html")
        #expect(europe.contains("<a href=\"lisbon.html\">Lisbon</a>") && europe.contains("rome.html"))
        #expect(europe.contains("href=\"../../assets/style.css\""))
        let home = try vault.read("_site/index.html")
        #expect(home.contains("<a href=\"trips/index.html\">Trips/</a>"))
        #expect(home.contains("<a href=\"trips/europe/lisbon.html\">Lisbon</a>"), "the home lists every note")
    }

    @Test func aFolderNoteIsItsPage() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# All about trips\n", to: "trips/index.md")
        try vault.write("# Lisbon\n", to: "trips/Lisbon.md")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty)
        #expect(try vault.read("_site/trips/index.html").contains("All about trips"))
    }

    @Test func backlinksListTheLinkingNotesWithContext() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Lisbon\n\nTrams.\n", to: "trips/Lisbon.md")
        try vault.write(
            "# Plans\n\nNext spring: [Lisbon](trips/Lisbon.md), again [it](trips/Lisbon.md).\n",
            to: "Plans.md")
        try vault.write(
            "# Food\n\nCustard tarts in [the city](trips/Lisbon.md#cafés).\n\nUnrelated.\n",
            to: "notes/Food.md")
        try vault.write("# Self\n\n[me](Self.md)\n", to: "Self.md")
        _ = await build(vault)
        let page = try vault.read("_site/trips/lisbon.html")
        let section = try #require(page.components(separatedBy: "class=\"backlinks\"").last)
        #expect(section.contains("<a href=\"../notes/food.html\">Food</a><p>Custard tarts in the city.</p>"))
        #expect(section.contains("<a href=\"../plans.html\">Plans</a><p>Next spring: Lisbon, again it.</p>"))
        #expect(section.components(separatedBy: "<li>").count == 3, "one entry per linking paragraph")
        #expect(
            section.range(of: "Food")!.lowerBound < section.range(of: "Plans")!.lowerBound, "sorted by title")
        #expect(
            !(try vault.read("_site/self.html")).contains("class=\"backlinks\""), "a self-link is no backlink"
        )
        #expect(!(try vault.read("_site/plans.html")).contains("class=\"backlinks\""))
    }

    @Test func linkedFilesArePublishedAndOnlyThose() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("%PDF-1.4 pretend\n", to: "Files/Report 2024.PDF")
        try vault.write("ID3 pretend\n", to: "audio/memo.mp3")
        try vault.write("secret\n", to: "Files/unlinked.pdf")
        try vault.write(
            "# Work\n\nRead [the report](../Files/Report%202024.PDF), hear [it](memo.mp3), [lost](gone.zip).\n",
            to: "notes/Work.md")
        let report = await build(vault)
        let page = try vault.read("_site/notes/work.html")
        #expect(page.contains("<a href=\"../files/report-2024.pdf\">the report</a>"))
        #expect(page.contains("<a href=\"../audio/memo.mp3\">it</a>"), "found by name")
        #expect(try vault.read("_site/files/report-2024.pdf") == "%PDF-1.4 pretend\n")
        #expect(vault.exists("_site/audio/memo.mp3"))
        #expect(!vault.exists("_site/files/unlinked.pdf"), "only what a note links is published")
        #expect(report.diagnostics.map(\.message) == ["link to 'gone.zip' finds no file in the vault"])
    }

    @Test func sitemapListsPagesWithAbsoluteURLs() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Día\n", to: "Viajes/Día uno.md")
        _ = await build(vault)
        #expect(!vault.exists("_site/sitemap.xml"), "no base_url, no absolute URLs")
        try vault.write("base_url: https://example.org/notes\n", to: "notesite.yml")
        _ = await build(vault)
        let xml = try vault.read("_site/sitemap.xml")
        #expect(xml.contains("<loc>https://example.org/notes/index.html</loc>"))
        #expect(xml.contains("<loc>https://example.org/notes/viajes/d%C3%ADa-uno.html</loc>"))
        #expect(xml.contains("<loc>https://example.org/notes/viajes/index.html</loc>"))
        #expect(!xml.contains("404"))
    }

    @Test func prettyURLs() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("urls: pretty\n", to: "notesite.yml")
        try vault.write("# Lisbon\n\n[Rome](Rome.md) and [home](../Start.md)\n", to: "Trips/Lisbon.md")
        try vault.write("# Rome\n", to: "Trips/Rome.md")
        try vault.write("# Start\n\n[Lisbon](Trips/Lisbon.md)\n", to: "Start.md")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let lisbon = try vault.read("_site/trips/lisbon/index.html")
        #expect(lisbon.contains("<a href=\"../rome/\">Rome</a>"))
        #expect(lisbon.contains("<a href=\"../../start/\">home</a>"))
        #expect(lisbon.contains("href=\"../../assets/style.css\""))
        #expect(try vault.read("_site/start/index.html").contains("<a href=\"../trips/lisbon/\">Lisbon</a>"))
        #expect(try vault.read("_site/trips/index.html").contains("<a href=\"lisbon/\">Lisbon</a>"))
        #expect(try vault.read("_site/index.html").contains("<a href=\"trips/\">Trips/</a>"))
    }

    @Test func outputSettingChoosesTheFolderUnlessTheCommandLineDoes() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n", to: "a.md")
        try vault.write("output: public\n", to: "notesite.yml")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(vault.exists("public/a.html") && !vault.exists("_site"))
        try vault.write("# Stray\n", to: "public/stray.md")
        _ = await build(vault)
        #expect(!vault.exists("public/stray.html"), "the output is never read as notes")
        let elsewhere = vault.root.appendingPathComponent("cli-out")
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, output: elsewhere, jobs: 1))
        #expect(vault.exists("cli-out/a.html"))
    }

    @Test func notFoundPageStandsAlone() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n", to: "a.md")
        try vault.write("title: Field notes\nbase_url: https://example.org/notes\n", to: "notesite.yml")
        _ = await build(vault)
        let page = try vault.read("_site/404.html")
        #expect(page.contains("<style>") && !page.contains("assets/style.css"), "hosts serve it at any depth")
        #expect(page.contains("href=\"https://example.org/notes/\""))
        #expect(page.contains("Field notes"))
    }

    @Test func excludedAndHiddenPathsAreNotPublished() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        for path in [
            "a.md", ".obsidian/workspace.md", ".trash/old.md", "node_modules/pkg/readme.md",
            "templates/Daily.md",
            "private/diary.md", "notes/private/also.md", "drafts/wip.md", "notes/x.tmp.md", "notes/keep.md",
        ] {
            try vault.write("# \(path)\n", to: path)
        }
        try vault.write("exclude: [drafts/, \"*.tmp.md\", private/, templates/]\n", to: "notesite.yml")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let pages = try FileManager.default.subpathsOfDirectory(
            atPath: vault.root.appendingPathComponent("_site").path
        )
        .filter { $0.hasSuffix(".html") }.sorted()
        #expect(
            pages == [
                "404.html", "a.html", "graph.html", "index.html", "notes/index.html", "notes/keep.html",
            ])
    }

    @Test(arguments: [
        ("drafts/", "drafts", true, true), ("drafts/", "drafts", false, false),
        ("drafts/", "a/drafts", true, true),
        ("*.tmp.md", "x/y.tmp.md", false, true), ("*.tmp.md", "x/y.md", false, false),
        ("journal/**/secret-*", "journal/2024/05/secret-x.md", false, true),
        ("journal/**/secret-*", "other/journal/secret-x.md", false, false),
        ("/top.md", "top.md", false, true), ("/top.md", "sub/top.md", false, false),
        ("a?c.md", "abc.md", false, true), ("a?c.md", "a/c.md", false, false),
    ])
    func globs(pattern: String, path: String, isFolder: Bool, excluded: Bool) {
        #expect(PathFilter(exclude: [pattern]).excludes(path, isFolder: isFolder) == excluded)
    }
}
