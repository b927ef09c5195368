import Foundation
import ImagePipeline
import NoteModel
import Testing

@testable import SiteBuilder

/// What pages put in `<head>`: the description every note gets, the canonical URL, Open Graph and
/// Twitter tags with `base_url` (and, with `social_cards: false`, the note's first picture as a
/// file; drawn cards are in `SocialCardTests`), and the favicon.
@Suite struct HeadMetadataTests {
    static func build(_ files: [String: String], images: [String: Data] = [:]) async throws -> (
        TestVault, BuildReport
    ) {
        try await TestVault.built(files, images: images)
    }

    /// The `content` of `<meta property|name="key">` in a page, nil when it has none.
    static func meta(_ key: String, in page: String) -> String? {
        for attribute in ["property", "name"] {
            let opening = "<meta \(attribute)=\"\(key)\" content=\""
            guard let start = page.range(of: opening) else { continue }
            return String(page[start.upperBound...].prefix { $0 != "\"" })
        }
        return nil
    }

    /// Big-endian EXIF with one ImageDescription, "SECRETWORDS": what a camera or editor leaves.
    static let exif: [UInt8] =
        Array("MM".utf8) + [
            0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x0E, 0, 2, 0, 0, 0, 12, 0, 0, 0, 26, 0, 0, 0, 0,
        ]
        + Array("SECRETWORDS".utf8) + [0]

    /// A picture with detail (a photo for the format policy), no transparency, and EXIF: a JPEG card.
    static let photo = TinyPNG.drawn(width: 1600, height: 900, exif: exif) { x, y in
        (UInt8((x * 7 + y * 3) % 256), UInt8((x * y) % 251), UInt8((x ^ y) % 256))
    }

    static let note = """
        # Tom & "Jerry"

        ![[wide.png]]

        A cat & a "mouse" <chase> each other through a house that has far more rooms than anyone \
        could count, and the chase goes on past the kitchen, the hall and the stairs until dawn.

        A second paragraph that never shows.
        """

    @Test func withoutBaseURLOnlyTheDescriptionAndTheInlineIcon() async throws {
        let (vault, report) = try await Self.build(
            ["tom.md": Self.note, "notesite.yml": "title: Site\n"], images: ["wide.png": Self.photo])
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let page = try vault.read("_site/tom.html")
        let description = try #require(Self.meta("description", in: page))
        #expect(description.hasPrefix("A cat &amp; a &quot;mouse&quot; &lt;chase&gt; each other"))
        #expect(description.hasSuffix("…") && !description.contains("second paragraph"))
        let plain = description.replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
        #expect((120...161).contains(plain.count), "cut near 160 characters: \(plain.count)")
        #expect(!page.contains("og:") && !page.contains("twitter:") && !page.contains("rel=\"canonical\""))
        #expect(page.contains("<link rel=\"icon\" href=\"data:image/svg+xml,"))
        #expect(!vault.exists("_site/og"), "no card pictures without base_url")
    }

    @Test func withBaseURLCanonicalOpenGraphAndTheCardPictureAsAFile() async throws {
        let (vault, report) = try await Self.build(
            [
                "tom.md": Self.note, "again.md": "# Again\n\n![[wide.png]]\n\nSame picture.\n",
                "plain.md": "# Plain\n\nNo picture here.\n",
                "notesite.yml":
                    "title: A & \"B\"\nbase_url: https://example.org/notes\ndescription: Site words.\n"
                    + "social_cards: false\n",
            ], images: ["wide.png": Self.photo])
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let page = try vault.read("_site/tom.html")
        #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/notes/tom.html\">"))
        #expect(Self.meta("og:title", in: page) == "Tom &amp; &quot;Jerry&quot;")
        #expect(Self.meta("og:site_name", in: page) == "A &amp; &quot;B&quot;")
        #expect(Self.meta("og:type", in: page) == "article")
        #expect(Self.meta("og:url", in: page) == "https://example.org/notes/tom.html")
        #expect(Self.meta("og:description", in: page) == Self.meta("description", in: page))
        #expect(Self.meta("twitter:card", in: page) == "summary_large_image")
        let image = try #require(Self.meta("og:image", in: page))
        #expect(image.hasPrefix("https://example.org/notes/og/") && image.hasSuffix(".jpg"))
        let file = try Data(
            contentsOf: vault.root.appendingPathComponent(
                "_site/" + image.dropFirst("https://example.org/notes/".count)))
        #expect(file.starts(with: [0xFF, 0xD8, 0xFF]), "a JPEG file")
        #expect(Self.photo.range(of: Data("SECRETWORDS".utf8)) != nil)
        #expect(file.range(of: Data("SECRETWORDS".utf8)) == nil, "the source's EXIF is stripped")
        #expect(Self.meta("og:image:width", in: page) == "1200")
        #expect(Self.meta("og:image:height", in: page) == "675")
        let published =
            ((try? FileManager.default.contentsOfDirectory(
                atPath: vault.root.appendingPathComponent("_site/og").path)) ?? [])
        #expect(published.count == 1, "two notes with one picture share one file: \(published)")
        #expect(Self.meta("og:image", in: try vault.read("_site/again.html")) == image)
        // No picture: the small card, and the site's words when the note has none of its own.
        let plain = try vault.read("_site/plain.html")
        #expect(Self.meta("twitter:card", in: plain) == "summary" && Self.meta("og:image", in: plain) == nil)
        let home = try vault.read("_site/index.html")
        #expect(Self.meta("og:type", in: home) == "website")
        #expect(Self.meta("og:description", in: home) == "Site words.")
        #expect(home.contains("<link rel=\"canonical\" href=\"https://example.org/notes/\">"))
    }

    @Test func anSVGIsNoCardPictureAndPrettyURLsAreCanonicalAsLinked() async throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\"/>"
        let (vault, report) = try await Self.build([
            "trips/lisbon.md": "# Lisbon\n\n![d](d.svg)\n\nText.\n", "trips/d.svg": svg,
            "notesite.yml": "base_url: https://example.org/\nurls: pretty\nsocial_cards: false\n",
        ])
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let page = try vault.read("_site/trips/lisbon/index.html")
        #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/trips/lisbon/\">"))
        #expect(Self.meta("og:image", in: page) == nil && Self.meta("twitter:card", in: page) == "summary")
        #expect(Self.meta("description", in: page) == "Text.", "an image-only paragraph is no description")
    }

    @Test func frontMatterDescriptionWins() async throws {
        let (vault, _) = try await Self.build([
            "a.md": "---\ndescription: Mine & \"yours\"\n---\n# A\n\nBody words.\n"
        ])
        defer { vault.remove() }
        #expect(
            Self.meta("description", in: try vault.read("_site/a.html")) == "Mine &amp; &quot;yours&quot;")
    }

    @Test(arguments: [("ico", "image/x-icon"), ("png", "image/png"), ("SVG", "image/svg+xml")])
    func faviconIsCopiedAndLinkedWithItsType(ext: String, type: String) async throws {
        let bytes = Data("icon bytes \(ext)".utf8)
        let (vault, report) = try await Self.build(
            ["sub/n.md": "# N\n\nText.\n", "notesite.yml": "favicon: art/icon.\(ext)\n"],
            images: ["art/icon.\(ext)": bytes])
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let name = "favicon.\(ext.lowercased())"
        #expect(try Data(contentsOf: vault.root.appendingPathComponent("_site/" + name)) == bytes)
        #expect(
            try vault.read("_site/sub/n.html").contains(
                "<link rel=\"icon\" href=\"../\(name)\" type=\"\(type)\">"))
        #expect(
            try vault.read("_site/index.html").contains(
                "<link rel=\"icon\" href=\"\(name)\" type=\"\(type)\">"))
        #expect(!(try vault.read("_site/index.html")).contains("data:image/svg+xml,"))
    }

    @Test func aMissingFaviconIsAnErrorAtItsSetting() async throws {
        let (vault, report) = try await Self.build([
            "n.md": "# N\n", "notesite.yml": "title: T\nfavicon: gone.png\n",
        ])
        defer { vault.remove() }
        let problem = try #require(report.diagnostics.first { $0.message.contains("favicon") })
        #expect(problem.severity == .error && report.errorCount == 1)
        #expect(
            problem.message == "'favicon' names 'gone.png', which is not a file in the vault (or is excluded)"
        )
        #expect(problem.location?.line == 2 && problem.location?.column == 10)
        #expect(problem.location?.file.hasSuffix("notesite.yml") == true)
    }

    @Test(arguments: ["favicon: icon.gif\n", "favicon: ../icon.png\n", "favicon: [a]\n", "favicon:\n"])
    func aFaviconOfTheWrongKindIsAnErrorNamingTheSetting(text: String) {
        let (configuration, diagnostics) = SiteConfiguration.parse(text, file: "notesite.yml")
        #expect(configuration.favicon == nil)
        #expect(diagnostics.count == 1 && diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.message.hasPrefix("'favicon' must be an .ico, .png or .svg file") == true)
        #expect(diagnostics.first?.location?.line == 1)
    }

    @Test func aChangedPictureGivesANewCardFileInAnIncrementalBuild() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("base_url: https://example.org/\nsocial_cards: false\n", to: "notesite.yml")
        try vault.write("# A\n\n![p](p.png)\n", to: "a.md")
        try vault.write(TinyPNG.solid(width: 300, height: 200, rgb: (10, 200, 10)), to: "p.png")
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.memory = BuildMemory()
        let (first, _) = await SiteBuild.make(options)
        try vault.write(TinyPNG.solid(width: 300, height: 200, rgb: (200, 10, 10)), to: "p.png")
        let (second, _) = await SiteBuild.make(options)
        let (fresh, _) = await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))
        let cards = { (site: SiteFiles?) in (site?.files.keys.filter { $0.hasPrefix("og/") } ?? []).sorted() }
        #expect(cards(first).count == 1 && cards(second).count == 1 && cards(first) != cards(second))
        #expect(second?.files == fresh?.files)
        let page = String(decoding: second?.files["a.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains("https://example.org/" + (cards(second).first ?? "?")))
    }
}
