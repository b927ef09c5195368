import Foundation
import Testing

@testable import SiteBuilder

/// Obsidian's syntax, resolved by the site: wikilinks, embeds, tags, front matter, drafts.
@Suite struct NotesSyntaxSiteTests {
    func build(_ vault: TestVault) async -> BuildReport {
        await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
    }

    @Test func wikilinksResolveToPagesHeadingsBlocksAndAliases() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(
            "---\naliases: [Portugal trip]\n---\n# Lisbon\n\n## Where to eat\n\nA tasca. ^tasca\n",
            to: "trips/Lisbon.md")
        try vault.write(
            """
            # Plans

            [[Lisbon]], [[trips/Lisbon|the city]], [[Lisbon#Where to eat]], [[Lisbon#^tasca]],
            [[Portugal trip]], [[#Later]], [[Nowhere]].

            ## Later

            """, to: "Plans.md")
        let report = await build(vault)
        let page = try vault.read("_site/plans.html")
        #expect(page.contains("<a href=\"trips/lisbon.html\" class=\"internal-link\">Lisbon</a>"), "\(page)")
        #expect(page.contains("href=\"trips/lisbon.html\" class=\"internal-link\">the city</a>"))
        #expect(page.contains("href=\"trips/lisbon.html#where-to-eat\""))
        #expect(
            page.contains("href=\"trips/lisbon.html#%5Etasca\""),
            "browsers decode the fragment to find id=\"^tasca\"")
        #expect(
            page.contains("href=\"trips/lisbon.html\" class=\"internal-link\">Portugal trip</a>"), "by alias")
        #expect(page.contains("href=\"#later\""), "a heading of this note")
        #expect(
            report.diagnostics.map(\.message) == ["link '[[Nowhere]]' finds no published note in the vault"])
        #expect(
            try vault.read("_site/trips/lisbon.html").contains("<a href=\"../plans.html\">Plans</a>"),
            "backlink")
    }

    @Test func embedsPlaceNotesSectionsAndFiles() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(
            "# Recipe\n\n## Dough\n\nFlour and water.\n\n## Filling\n\nCustard.\n", to: "Recipe.md")
        try vault.write("%PDF-1.4\n", to: "files/menu.pdf")
        try vault.write("ID3\n", to: "memo.mp3")
        try vault.write(
            "# Day\n\n![[Recipe#Filling]]\n\n![[menu.pdf]]\n\n![[memo.mp3]]\n", to: "journal/Day.md")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try vault.read("_site/journal/day.html")
        #expect(page.contains("<div class=\"embed\" data-note=\"Recipe.md\">"))
        #expect(page.contains("Custard.") && !page.contains("Flour and water."), "only the section")
        #expect(page.contains("<object data=\"../files/menu.pdf\" type=\"application/pdf\">"))
        #expect(page.contains("<audio controls preload=\"metadata\" src=\"../memo.mp3\">"))
        #expect(vault.exists("_site/files/menu.pdf") && vault.exists("_site/memo.mp3"))
    }

    @Test func embedCyclesAreWarningsWithAMarker() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n\n![[B]]\n", to: "A.md")
        try vault.write("# B\n\n![[A]]\n", to: "B.md")
        let report = await build(vault)
        #expect(report.errorCount == 0, "a cycle never fails the build")
        #expect(report.diagnostics.contains { $0.message.hasPrefix("embed cycle: A.md -> B.md -> A.md") })
        let page = try vault.read("_site/a.html")
        #expect(page.contains("<div class=\"embed embed-skipped\" data-note=\"A.md\">"), "\(page)")
        #expect(page.contains("Not shown here: embedded in itself."))
    }

    @Test func imageEmbedsKeepTheirSize() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(TinyPNG.solid(width: 1600, height: 800), to: "attachments/wide photo.png")
        try vault.write("# Pics\n\n![[wide photo.png|300]]\n\n![[wide photo.png|100x100]]\n", to: "Pics.md")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try vault.read("_site/pics.html")
        #expect(page.contains("width=\"300\" height=\"150\""))
        #expect(page.contains("width=\"100\" height=\"50\""))
    }

    @Test func draftsAreLeftOutOfEverything() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(TinyPNG.solid(width: 10, height: 10), to: "secret.png")
        try vault.write(
            "---\ndraft: true\ntags: [hidden]\n---\n# Secret plan\n\n![s](secret.png) [[Public]]\n",
            to: "Secret.md")
        try vault.write("---\npublish: false\n---\n# Also hidden\n", to: "Hidden.md")
        try vault.write("# Public\n\nSee [[Secret]].\n", to: "Public.md")
        let report = await build(vault)
        #expect(!vault.exists("_site/secret.html") && !vault.exists("_site/hidden.html"))
        #expect(!(try vault.read("_site/index.html")).contains("Secret plan"))
        #expect(!(try vault.read("_site/assets/search-index.js")).contains("Secret plan"))
        #expect(!vault.exists("_site/tags.html"), "a draft's tags are not published")
        #expect(
            !(try vault.read("_site/public.html")).contains("class=\"backlinks\""), "no backlink from a draft"
        )
        #expect(report.imageCount == 0, "an image only drafts use is not processed")
        #expect(
            report.diagnostics.map(\.message) == ["link '[[Secret]]' finds no published note in the vault"])
    }

    @Test func tagsGetPages() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("---\ntags: [travel/europe]\n---\n# Lisbon\n", to: "Lisbon.md")
        try vault.write("# Packing\n\nList for #travel and #Gear.\n", to: "Packing.md")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let index = try vault.read("_site/tags.html")
        #expect(
            index.contains("href=\"tags/travel.html\"") && index.contains("href=\"tags/travel/europe.html\""))
        let travel = try vault.read("_site/tags/travel.html")
        #expect(
            travel.contains("../lisbon.html") && travel.contains("../packing.html"),
            "nested tags count for the parent")
        let europe = try vault.read("_site/tags/travel/europe.html")
        #expect(europe.contains("../../lisbon.html") && !europe.contains("packing"))
        let packing = try vault.read("_site/packing.html")
        #expect(packing.contains("href=\"tags/travel.html\""), "inline tags link to their page")
        #expect(vault.exists("_site/tags/gear.html"))
    }

    @Test func frontMatterTitleAndPermalink() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(
            "---\ntitle: A better title\npermalink: /writing/first-post/\n---\nNo heading.\n",
            to: "2024-01-01.md")
        try vault.write("# Other\n\n[[2024-01-01]]\n", to: "Other.md")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(vault.exists("_site/writing/first-post/index.html"))
        #expect(try vault.read("_site/index.html").contains("A better title"))
        #expect(try vault.read("_site/other.html").contains("href=\"writing/first-post/index.html\""))
    }

    @Test func frontMatterErrorsAreReportedAtTheirPlace() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("---\ntitle: ok\ndraft: maybe\n---\n# Body\n", to: "note.md")
        let report = await build(vault)
        #expect(report.errorCount == 1)
        #expect(
            report.diagnostics.first?.description.hasSuffix(
                "note.md:3:8: error: front matter 'draft' must be true or false, found a string 'maybe'")
                == true, "\(report.diagnostics)")
        #expect(try vault.read("_site/note.html").contains("Body"), "the note is still built")
    }
}

@Suite struct FeedAndRedirectTests {
    @Test func atomFeedListsDatedNotesNewestFirst() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(
            "base_url: https://example.org/notes/\ntitle: Field notes\nauthor: Ana\n", to: "notesite.yml")
        try vault.write(
            "---\ndate: 2024-03-01\ndescription: Trams & tiles\n---\n# Lisbon\n", to: "trips/Lisbon.md")
        try vault.write(
            "---\ndate: 2024-05-20T10:00:00Z\n---\n# Rome\n\nPasta <everywhere>.\n", to: "trips/Rome.md")
        try vault.write("# Undated\n", to: "Undated.md")
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        let feed = try vault.read("_site/feed.xml")
        #expect(feed.contains("<title>Field notes</title>") && feed.contains("<name>Ana</name>"))
        #expect(feed.contains("<updated>2024-05-20T10:00:00Z</updated>"))
        let rome = try #require(feed.range(of: "https://example.org/notes/trips/rome.html"))
        let lisbon = try #require(feed.range(of: "https://example.org/notes/trips/lisbon.html"))
        #expect(rome.lowerBound < lisbon.lowerBound, "newest first")
        #expect(feed.contains("<summary>Trams &amp; tiles</summary>"))
        #expect(feed.contains("<summary>Pasta &lt;everywhere&gt;.</summary>"))
        #expect(!feed.contains("undated"), "notes without a date are left out")
        let home = try vault.read("_site/index.html")
        #expect(home.contains("Rome"))
    }

    @Test func aliasesBecomeRedirects() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("---\naliases: [Old Lisbon, Other]\n---\n# Lisbon\n", to: "trips/Lisbon.md")
        try vault.write("# Other\n", to: "trips/Other.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        let redirect = try vault.read("_site/trips/old-lisbon.html")
        #expect(redirect.contains("<meta http-equiv=\"refresh\" content=\"0; url=lisbon.html\">"))
        #expect(
            try vault.read("_site/trips/other.html").contains(">Other</h1>"), "a real page is never replaced")
        #expect(report.diagnostics.map(\.severity) == [.warning])
    }
}
