import Foundation
import Testing

@testable import SiteBuilder

/// Link previews through whole builds: the shards under `assets/previews/`, what they hold,
/// how they follow edits, the setting, and the popover in a real browser.
@Suite(.serialized) struct LinkPreviewTests {

    static func build(_ files: [String: String], jobs: Int = 2) async throws -> (TestVault, BuildReport) {
        let vault = try TestVault()
        for (path, text) in files { try vault.write(text, to: path) }
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: jobs))
        return (vault, report)
    }

    /// Every note's entry in every shard of a built site, by page path, with its shard number.
    static func previews(in files: [String: Data]) throws -> [String: (shard: Int, entry: [String: Any])] {
        let index = String(decoding: try #require(files["assets/previews/index.js"]), as: UTF8.self)
        let count = try #require(Int(index.dropFirst("window.notesitePreviewShards=".count).dropLast(2)))
        var found: [String: (Int, [String: Any])] = [:]
        for shard in 0..<count {
            let script = String(decoding: try #require(files["assets/previews/\(shard).js"]), as: UTF8.self)
            let prefix = "(window.notesitePreviews=window.notesitePreviews||{})[\(shard)]="
            #expect(script.hasPrefix(prefix) && script.hasSuffix(";\n"))
            let json = script.dropFirst(prefix.count).dropLast(2)
            let members = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            for (page, entry) in members { found[page] = (shard, try #require(entry as? [String: Any])) }
        }
        return found
    }

    static func siteFiles(_ vault: TestVault) throws -> [String: Data] {
        let site = vault.root.appendingPathComponent("_site")
        let walker = FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil)
        var files: [String: Data] = [:]
        for case let url as URL in walker?.allObjects ?? [] where url.path.contains("/assets/previews/") {
            files[String(url.path.dropFirst(site.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func theHashIsFNV1aAsTheScriptComputesIt() {
        // FNV-1a 32 of "a" is 0xe40c292c (the published test vector); the script takes low bits.
        #expect(PreviewShards.shard(of: "a", count: 4096) == 0x92c)
        #expect(PreviewShards.shard(of: "trips/lisbon.html", count: 128) == 38)
        #expect(PreviewShards.shard(of: "notes/café.html", count: 128) == 106)
        #expect(PreviewShards.count(forNotes: 0) == 1)
        #expect(PreviewShards.count(forNotes: 32) == 1)
        #expect(PreviewShards.count(forNotes: 33) == 2)
        #expect(PreviewShards.count(forNotes: 4000) == 128)
        #expect(PreviewShards.count(forNotes: 40_000) == 2048)
    }

    @Test func everyNoteLandsInItsShardTheSameWayEveryBuild() async throws {
        var files: [String: String] = [:]
        for index in 0..<100 { files["n/note \(index).md"] = "# Note \(index)\n\nText \(index).\n" }
        let (vault, report) = try await Self.build(files, jobs: 1)
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let first = try Self.siteFiles(vault)
        let previews = try Self.previews(in: first)
        #expect(previews.count == 100)
        #expect(first.count == 4 + 1, "100 notes make 4 shards and the index")
        for (page, found) in previews {
            #expect(found.shard == PreviewShards.shard(of: page, count: 4), "\(page)")
        }
        #expect(previews["n/note-7.html"]?.entry["t"] as? String == "Note 7")
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 4))
        #expect(try Self.siteFiles(vault) == first, "byte-identical with other --jobs")
    }

    @Test func linksInAPreviewAreWrittenFromTheSiteRoot() async throws {
        let (vault, report) = try await Self.build([
            "a/b/Deep.md":
                "# Deep\n\nTo [[Other]], [its part](../../c/Other.md#part), [[#Own]] and #topic.\n\n## Own\n\nx\n",
            "c/Other.md": "# Other\n\n## Part\n\nThe part.\n",
            "Links.md": "# Links\n\n[[Other#Part]] and [[Deep#Own]].\n",
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let previews = try Self.previews(in: try Self.siteFiles(vault))
        let deep = try #require(previews["a/b/deep.html"]?.entry["s"] as? String)
        #expect(deep.contains("href=\"c/other.html\""))
        #expect(deep.contains("href=\"c/other.html#part\""))
        #expect(deep.contains("href=\"a/b/deep.html#own\""))
        #expect(deep.contains("href=\"tags/topic.html\""))
        // Sections only where a link names them.
        let other = try #require(previews["c/other.html"]?.entry["h"] as? [String: [String]])
        #expect(other == ["part": ["Part", "<p>The part.</p>\n"]])
        #expect(previews["links.html"]?.entry["h"] == nil)
        #expect((previews["a/b/deep.html"]?.entry["h"] as? [String: [String]])?.keys.sorted() == ["own"])
    }

    @Test func prettyURLsKeyPagesAsTheScriptFindsThem() async throws {
        let (vault, report) = try await Self.build([
            "a.md": "# A\n\nSee [[B#Part]].\n", "b.md": "# B\n\n## Part\n\nThe part.\n",
            "notesite.yml": "urls: pretty\n",
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let previews = try Self.previews(in: try Self.siteFiles(vault))
        // link-preview.js reads `b/` as `b/index.html`.
        #expect(
            (previews["b/index.html"]?.entry["h"] as? [String: [String]])?["part"]?.last
                == "<p>The part.</p>\n")
        #expect((previews["a/index.html"]?.entry["s"] as? String)?.contains("href=\"b/#part\"") == true)
    }

    @Test func previewsAreEscapedAndCarryNoImagesOrScripts() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(
            "---\ntitle: Quotes \"and\" </script>\n---\n\n1 < 2 & \"3\" <script>alert(1)</script>\n"
                + "[x](javascript:alert(1)) ![a red square](red.png)\n", to: "Odd.md")
        try vault.write(TinyPNG.solid(width: 30, height: 30), to: "red.png")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let files = try Self.siteFiles(vault)
        let odd = try #require(try Self.previews(in: files)["odd.html"]?.entry)
        #expect(odd["t"] as? String == "Quotes \"and\" </script>")
        let html = try #require(odd["s"] as? String)
        #expect(html.contains("1 &lt; 2 &amp; &quot;3&quot;"))
        #expect(!html.contains("<script") && !html.contains("javascript:"))
        #expect(html.contains("<span class=\"link-preview-image\">a red square</span>"))
        #expect(!files.values.contains { String(decoding: $0, as: UTF8.self).contains("data:") })
    }

    @Test func theSettingTurnsPreviewsOff() async throws {
        let (vault, report) = try await Self.build([
            "a.md": "# A\n\n[[B]]\n", "b.md": "# B\n", "notesite.yml": "link_previews: false\n",
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty)
        #expect(!vault.exists("_site/assets/previews"))
        #expect(!(try vault.read("_site/a.html")).contains("link-preview.js"))
        let (on, _) = try await Self.build(["a.md": "# A\n\n[[B]]\n", "b.md": "# B\n"])
        defer { on.remove() }
        #expect(
            try on.read("_site/a.html").contains("<script src=\"assets/link-preview.js\" defer></script>"))
        let (_, bad) = SiteConfiguration.parse("title: x\nlink_previews: sometimes\n", file: "notesite.yml")
        #expect(
            bad.map(\.description) == [
                "notesite.yml:2:16: error: 'link_previews' must be true or false, found a string"
            ])
    }

    @Test func editsReachTheShardsInIncrementalBuilds() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Target\n\nOld words.\n\n## Part\n\nOld part.\n", to: "target.md")
        try vault.write("# Linker\n\n[[Target]]\n", to: "linker.md")
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.memory = BuildMemory()
        _ = await SiteBuild.make(options)
        let edits: [(String, String)] = [
            ("target.md", "# Target\n\nNew words.\n\n## Part\n\nOld part.\n"),
            ("linker.md", "# Linker\n\n[[Target#Part]]\n"),
            ("target.md", "# Target\n\nNew words.\n\n## Part\n\nNew part.\n"),
            ("target.md", "---\ntitle: Renamed\n---\nNew words.\n\n## Part\n\nNew part.\n"),
            ("linker.md", "# Linker\n\nno links now\n"),
        ]
        for (path, text) in edits {
            try vault.write(text, to: path)
            let (incremental, _) = await SiteBuild.make(options)
            let (fresh, _) = await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))
            let made = try #require(incremental?.files).filter { $0.key.hasPrefix("assets/previews/") }
            let expected = try #require(fresh?.files).filter { $0.key.hasPrefix("assets/previews/") }
            #expect(made == expected, "after writing \(path)")
        }
        let (site, _) = await SiteBuild.make(options)
        let files = try #require(site?.files)
        let target = try #require(try Self.previews(in: files)["target.html"]?.entry)
        #expect(target["t"] as? String == "Renamed")
        #expect(target["h"] == nil, "no link names the part any more")
    }

    /// Tests/Browser/link_preview_test.py in headless Chromium over Tests/Browser/link-preview-vault:
    /// hover, sections, keyboard, Esc, 1280 and 375 px, light and dark, touch, file://.
    @Test(BrowserScript.timeLimit(minutes: 4)) func popoversInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let root = DemoVaultTests.packageRoot
        let vault = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-previews-\(UUID())")
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Tests/Browser/link-preview-vault"), to: vault)
        defer { try? FileManager.default.removeItem(at: vault) }
        let report = await SiteBuild.run(BuildOptions(vault: vault, jobs: 2))
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        try BrowserScript.run([
            root.appendingPathComponent("Tests/Browser/link_preview_test.py").path,
            vault.appendingPathComponent("_site").path,
            root.appendingPathComponent(".build/screenshots").path,
        ])
    }
}
