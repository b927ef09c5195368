import Foundation
import NoteCrypto
import Testing

@testable import SiteBuilder

/// Protected notes: nothing of one reaches the published files in clear, and a missing password
/// publishes nothing.
@Suite struct ProtectedNoteTests {
    /// Each word of the protected note is unusual, so finding it anywhere is a leak.
    static let secretWords = [
        "Quincewordtitle", "zucchinitagword", "marmaladeheading", "pomegranatebody", "tamarindalt",
        "persimmoncode", "kumquatproperty", "gooseberryinline",
    ]

    static let files: [String: String] = [
        "notesite.yml": """
        title: Family site
        base_url: https://example.org/
        protect:
          - path: "family/**"
            password_env: NOTESITE_TEST_FAMILY
        """,
        "index.md": "# Welcome\n\nSee [[Garden]] and the family page: ![[Garden]]\n",
        "public.md": "---\ndate: 2024-01-02\n---\n# Public page\n\nA public note about apples.\n",
        "family/Garden.md": """
        ---
        title: Quincewordtitle
        tags: [zucchinitagword]
        aliases: [gooseberryinline alias]
        season: kumquatproperty
        date: 2024-02-03
        ---
        # Quincewordtitle

        ## marmaladeheading

        The pomegranatebody paragraph links to [[public]] and #gooseberryinline.

        ![tamarindalt](leaf.png)

        ```swift
        let persimmoncode = 1
        ```
        """,
    ]

    private static func build(_ environment: [String: String], opaque: Bool = false) async throws -> (
        TestVault, BuildReport
    ) {
        let vault = try TestVault()
        for (path, text) in files {
            let text = path == "notesite.yml" && opaque ? text + "\nopaque_urls: true\n" : text
            try vault.write(text, to: path)
        }
        try vault.write(TinyPNG.solid(width: 8, height: 8), to: "family/leaf.png")
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.environment = environment
        return (vault, await SiteBuild.run(options))
    }

    /// Every file of the output, read as bytes.
    private static func published(_ vault: TestVault) throws -> [(String, Data)] {
        let site = vault.root.appendingPathComponent("_site")
        let paths = FileManager.default.subpaths(atPath: site.path) ?? []
        return try paths.compactMap { path in
            var folder: ObjCBool = false
            let url = site.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &folder), !folder.boolValue
            else { return nil }
            return (path, try Data(contentsOf: url))
        }
    }

    @Test(arguments: [false, true]) func noWordOfAProtectedNoteIsPublished(opaque: Bool) async throws {
        let (vault, report) = try await Self.build(["NOTESITE_TEST_FAMILY": "hunter2"], opaque: opaque)
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let files = try Self.published(vault)
        #expect(files.count > 10)
        // Under opaque_urls, the note's path is nowhere either (the public note's own words name it).
        let words = Self.secretWords + (opaque ? ["family/Garden", "family/garden"] : [])
        for (path, data) in files {
            for word in words {
                #expect(data.range(of: Data(word.utf8)) == nil, "'\(word)' in \(path)")
                #expect(!path.contains(word), "'\(word)' in the path \(path)")
            }
            #expect(!opaque || !path.lowercased().contains("garden"), "\(path)")
        }
        let pages = files.filter { $0.0.hasSuffix(".html") }
        let locked = try #require(
            pages.first { String(decoding: $0.1, as: UTF8.self).contains("notesite-sealed") })
        if opaque {
            #expect(locked.0.hasPrefix("p/") && locked.0.count == "p/".count + 24 + ".html".count)
        } else {
            #expect(locked.0 == "family/garden.html")
        }
        let html = String(decoding: locked.1, as: UTF8.self)
        #expect(html.contains("<title>Protected note · Family site</title>"))
        #expect(html.contains("assets/protect.js") && html.contains("assets/code.js"))
        #expect(html.contains("\"parameters\":\"v1:pbkdf2-sha256:600000:"))
        // What is sealed is the note as its page shows it: every word is in there.
        let opened = try Self.open(html, password: "hunter2")
        for word in Self.secretWords { #expect(opened.contains(word), "'\(word)' not sealed") }
        #expect(opened.contains("<img") && opened.contains("data:image/"))
        #expect(throws: CryptoError.refused) { try Self.open(html, password: "hunter3") }
        // The public page embeds a locked placeholder linking to it, not the note.
        let index = try vault.read("_site/index.html")
        #expect(index.contains("embed-protected") && index.contains(locked.0))
        // Not in the sitemap nor the feed; the public note is.
        let sitemap = try vault.read("_site/sitemap.xml")
        #expect(!sitemap.contains(locked.0) && sitemap.contains("public.html"))
        #expect(!(try vault.read("_site/feed.xml")).contains(locked.0))
    }

    /// The sealed part of a published page, opened with the password (as the browser does).
    static func open(_ html: String, password: String) throws -> String {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"notesite-sealed\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        let fields = try #require(json as? [String: String])
        let parameters = try SealParameters(parsing: try #require(fields["parameters"]))
        let text = try #require(fields["ciphertext"])
        let ciphertext = try #require(Data(base64Encoded: text))
        let sealed = SealedNote(parameters: parameters, ciphertext: [UInt8](ciphertext))
        return String(decoding: try NoteCrypto.open(sealed, password: password), as: UTF8.self)
    }

    @Test func aMissingPasswordPublishesNothing() async throws {
        let (vault, report) = try await Self.build([:])
        defer { vault.remove() }
        #expect(report.errorCount == 1)
        #expect(report.diagnostics.contains { $0.message.contains("NOTESITE_TEST_FAMILY") })
        #expect(!vault.exists("_site"))
    }

    @Test func aFailedBuildLeavesTheLastSite() async throws {
        let (vault, first) = try await Self.build(["NOTESITE_TEST_FAMILY": "pw"])
        defer { vault.remove() }
        #expect(first.errorCount == 0)
        let before = try vault.read("_site/index.html")
        try vault.write("# Welcome again\n", to: "index.md")
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.environment = ["NOTESITE_TEST_FAMILY": ""]
        let report = await SiteBuild.run(options)
        #expect(report.errorCount == 1)
        #expect(try vault.read("_site/index.html") == before)
    }

    @Test func aSiteWithoutProtectedNotesHasNoUnlockingScript() async throws {
        let (vault, report) = try await TestVault.built(["index.md": "# Home\n"])
        defer { vault.remove() }
        #expect(report.errorCount == 0)
        #expect(!vault.exists("_site/assets/protect.js"))
        #expect(!(try vault.read("_site/index.html")).contains("notesite:protected"))
    }
}

extension ProtectedNoteTests {
    /// Under `inline: never` (and previews as files), a public note's image is a file; a protected
    /// note's is inside its sealed page only.
    @Test func aProtectedNotesImagesAreNeverFiles() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(
            "inline: never\npreview_width: 64\nprotect:\n  - path: secret.md\n    password_env: NOTESITE_TEST_IMAGES\n",
            to: "notesite.yml")
        try vault.write("# Public\n\n![a](public.png)\n", to: "public.md")
        try vault.write("# Secret\n\n![b](secret.png)\n", to: "secret.md")
        try vault.write(TinyPNG.solid(width: 200, height: 100, rgb: (10, 200, 10)), to: "public.png")
        try vault.write(TinyPNG.solid(width: 300, height: 90, rgb: (200, 10, 10)), to: "secret.png")
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.environment = ["NOTESITE_TEST_IMAGES": "pw"]
        let report = await SiteBuild.run(options)
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let images = try FileManager.default.contentsOfDirectory(
            atPath: vault.root.appendingPathComponent("_site/images").path)
        let publicPage = try vault.read("_site/public.html")
        #expect(!images.isEmpty && images.allSatisfy { publicPage.contains($0) }, "\(images)")
        let opened = try Self.open(try vault.read("_site/secret.html"), password: "pw")
        #expect(opened.contains("data:image/") && !opened.contains("images/"))
    }
}
