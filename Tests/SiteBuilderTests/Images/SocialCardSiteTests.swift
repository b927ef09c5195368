import Foundation
import Testing

@testable import SiteBuilder

/// Social cards in a built site: one PNG per page with `base_url`, named in the page's head with
/// an absolute URL; an `image`/`cover` property instead; off by setting; drawn once and then read
/// from the cache until what the card shows changes. (Pixels: `ImagePipelineTests.SocialCardTests`.)
@Suite struct SocialCardSiteTests {
    static let settings = "title: Field notes\nbase_url: https://example.org/notes\n"

    /// A PNG's width and height from its IHDR chunk.
    static func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let number = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func eachPageGetsACardNamedInItsHeadWithAnAbsoluteURL() async throws {
        let (vault, report) = try await TestVault.built([
            "notesite.yml": Self.settings, "trips/lisbon.md": "# Lisbon\n\nHills and trams.\n",
            "東京.md": "# 東京\n\n旅行。\n",
        ])
        defer { vault.remove() }
        #expect(report.errorCount == 0 && report.warningCount == 0, "\(report.diagnostics)")
        let page = try vault.read("_site/trips/lisbon.html")
        #expect(
            HeadMetadataTests.meta("og:image", in: page) == "https://example.org/notes/cards/trips/lisbon.png"
        )
        #expect(HeadMetadataTests.meta("og:image:width", in: page) == "1200")
        #expect(HeadMetadataTests.meta("og:image:height", in: page) == "630")
        #expect(HeadMetadataTests.meta("og:image:alt", in: page) == "Lisbon")
        #expect(HeadMetadataTests.meta("twitter:card", in: page) == "summary_large_image")
        let card = try Data(contentsOf: vault.root.appendingPathComponent("_site/cards/trips/lisbon.png"))
        #expect(Self.pngSize(card).map { [$0.0, $0.1] } == [1200, 630])
        #expect(report.cards.count == 2 && report.cards.allSatisfy { !$0.fromCache })
        for record in report.cards {
            #expect(
                record.file == SocialCards.sitePath(forPage: record.page)
                    && vault.exists("_site/" + record.file))
        }
        // Listings have no card of their own.
        #expect(HeadMetadataTests.meta("og:image", in: try vault.read("_site/index.html")) == nil)
    }

    @Test func noCardsWithoutBaseURLOrWithTheSettingOff() async throws {
        for settings in ["title: Field notes\n", Self.settings + "social_cards: false\n"] {
            let (vault, report) = try await TestVault.built([
                "notesite.yml": settings, "a.md": "# A\n\nWords.\n",
            ])
            defer { vault.remove() }
            #expect(report.errorCount == 0, "\(report.diagnostics)")
            #expect(!vault.exists("_site/cards") && report.cards.isEmpty)
            #expect(HeadMetadataTests.meta("og:image", in: try vault.read("_site/a.html")) == nil)
        }
        let (_, problems) = SiteConfiguration.parse("social_cards: maybe\n", file: "notesite.yml")
        #expect(problems.first?.message == "'social_cards' must be true or false, found a string")
    }

    @Test func anImageOrCoverPropertyIsUsedInsteadOfACard() async throws {
        let (vault, report) = try await TestVault.built(
            [
                "notesite.yml": Self.settings,
                "a.md": "---\nimage: pics/beach.png\n---\n# A\n\nWords.\n",
                "b.md": "---\ncover: \"[[beach.png]]\"\n---\n# B\n\nWords.\n",
                "c.md": "---\nimage: https://cdn.example.com/c.jpg\n---\n# C\n\nWords.\n",
                "d.md": "---\ncover: missing.png\n---\n# D\n\nWords.\n",
            ], images: ["pics/beach.png": TinyPNG.solid(width: 1600, height: 900)])
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let a = try #require(HeadMetadataTests.meta("og:image", in: try vault.read("_site/a.html")))
        #expect(a.hasPrefix("https://example.org/notes/og/"))
        #expect(HeadMetadataTests.meta("og:image:width", in: try vault.read("_site/a.html")) == "1200")
        #expect(
            HeadMetadataTests.meta("og:image", in: try vault.read("_site/b.html")) == a, "a wikilink property"
        )
        let c = try vault.read("_site/c.html")
        #expect(HeadMetadataTests.meta("og:image", in: c) == "https://cdn.example.com/c.jpg")
        #expect(HeadMetadataTests.meta("og:image:width", in: c) == nil)
        #expect(HeadMetadataTests.meta("twitter:card", in: c) == "summary_large_image")
        #expect(!vault.exists("_site/cards/a.png") && !vault.exists("_site/cards/c.png"))
        // Not found: said at the property, and the note gets a drawn card.
        let warning = try #require(
            report.diagnostics.first { $0.message.hasPrefix("cover 'missing.png' not found") })
        #expect(warning.location?.file.hasSuffix("d.md") == true && warning.location?.line == 2, "\(warning)")
        #expect(
            HeadMetadataTests.meta("og:image", in: try vault.read("_site/d.html"))
                == "https://example.org/notes/cards/d.png")
    }

    @Test func aCardIsDrawnOnceAndAgainOnlyWhenWhatItShowsChanges() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(Self.settings, to: "notesite.yml")
        try vault.write("# A\n\nWords.\n", to: "a.md")
        try vault.write("# B\n\nWords.\n", to: "b.md")
        let first = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(first.cards.map(\.fromCache) == [false, false])
        let card = try Data(contentsOf: vault.root.appendingPathComponent("_site/cards/a.png"))
        let second = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(second.cards.map(\.fromCache) == [true, true], "cached, not drawn again")
        try vault.write("# A longer title now\n\nWords.\n", to: "a.md")
        let third = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(third.cards.map(\.page) == ["a.html", "b.html"])
        #expect(third.cards.map(\.fromCache) == [false, true], "the changed title is drawn again")
        let redrawn = try Data(contentsOf: vault.root.appendingPathComponent("_site/cards/a.png"))
        #expect(redrawn != card)
    }

    @Test func aCardKeepsUpInServeAsAFreshBuild() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(Self.settings, to: "notesite.yml")
        try vault.write("# A\n\nWords.\n", to: "a.md")
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.memory = BuildMemory()
        _ = await SiteBuild.make(options)
        try vault.write("---\ncover: p.png\n---\n# A\n\nWords.\n", to: "a.md")
        try vault.write(TinyPNG.solid(width: 300, height: 200), to: "p.png")
        let (kept, _) = await SiteBuild.make(options)
        let (fresh, _) = await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))
        #expect(kept?.files == fresh?.files)
        #expect(kept?.files["cards/a.png"] == nil)
    }
}
