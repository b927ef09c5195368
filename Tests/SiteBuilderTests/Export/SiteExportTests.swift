import Foundation
import Testing

@testable import SiteBuilder

/// `notesite export` end to end, in memory: what the file holds for one note, a folder and a vault,
/// and the problems it refuses with.
@Suite struct SiteExportTests {
    static func text(_ result: SiteExport.Result) throws -> String {
        String(decoding: try #require(result.document, "\(result.report.diagnostics)"), as: UTF8.self)
    }

    /// The notes in the file, by the pages their elements carry.
    static func pages(in html: String) -> [String] {
        html.matches(
            of: /<script type="text\/x-notesite-note" id="notesite-export-note-\d+" data-page="([^"]*)"/
        )
        .map { String($0.output.1) }
    }

    @Test func oneNoteWithItsEmbedMathAndImages() async throws {
        let vault = try ExportVault.make()
        defer { vault.remove() }
        let result = await ExportVault.export(vault, "trips/Lisbon.md")
        let html = try Self.text(result)
        #expect(result.report.errorCount == 0, "\(result.report.diagnostics)")
        #expect(Self.pages(in: html) == ["trips/lisbon.html"])
        #expect(result.noteCount == 1)
        // The embedded section is in the note, written by the build.
        #expect(html.contains("Port wine lodges across the river."))
        // KaTeX's stylesheet (its fonts inline) and script, because the note has math.
        #expect(html.contains("@font-face") && html.contains("data:font/woff2;base64,"))
        #expect(html.contains("KaTeX_Main") && html.contains("window.katex"))
        // Nothing that loads a file: no script or stylesheet by address, no image by path.
        #expect(html.firstMatch(of: /<script[^>]* src=/) == nil)
        #expect(html.firstMatch(of: /<link[^>]*stylesheet/) == nil)
        #expect(html.firstMatch(of: /src="(?!data:|notesite-export-image:)/) == nil)
        // The policy allows no address at all, and scripts only by their digests.
        let policy = try #require(
            html.firstMatch(of: /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/))
        let rules = String(policy.output.1)
        #expect(rules.hasPrefix("default-src 'none'; script-src 'sha256-"))
        #expect(!rules.contains("http") && !rules.contains("'self'") && !rules.contains("unsafe-eval"))
        #expect(!rules.contains("script-src 'unsafe-inline'"))
        // Its scripts each match a digest of the policy.
        let scripts = html.matches(of: /<script>([\s\S]*?)<\/script>/).map { String($0.output.1) }
        #expect(scripts.count >= 3)
        for script in scripts {
            #expect(rules.contains("'sha256-\(ExportDocument.base64Digest(Array(script.utf8)))'"))
        }
        // One note: no explorer (nor room or a button for one) and no search.
        #expect(!html.contains("id=\"notesite-explorer\""))
        #expect(!html.contains("<a class=\"explorer-open\""))
        #expect(html.firstMatch(of: /data-class="[^"]*has-explorer/) == nil)
        #expect(!html.contains("notesiteSearch="))
    }

    @Test func noMathNoKaTeX() async throws {
        let vault = try ExportVault.make()
        defer { vault.remove() }
        let html = try Self.text(await ExportVault.export(vault, "ideas/Later.md"))
        #expect(!html.contains("@font-face"))
        #expect(!html.contains("KaTeX_Main") && !html.contains("mhchem"))
    }

    @Test func aFolderHoldsItsNotesOnly() async throws {
        let vault = try ExportVault.make()
        defer { vault.remove() }
        let html = try Self.text(await ExportVault.export(vault, "trips"))
        #expect(Set(Self.pages(in: html)) == ["trips/lisbon.html", "trips/porto.html"])
        #expect(html.contains("id=\"notesite-explorer\""))
        #expect(html.contains("window.notesiteSearch="))
    }

    @Test func theVaultOpensOnItsHomeAndStoresASharedImageOnce() async throws {
        let vault = try ExportVault.make()
        defer { vault.remove() }
        let result = await ExportVault.export(vault, "")
        let html = try Self.text(result)
        let pages = Self.pages(in: html)
        #expect(pages.first == "index.html")
        #expect(Set(pages) == ["index.html", "trips/lisbon.html", "trips/porto.html", "ideas/later.html"])
        // Home and Lisbon show the same tram: one image element, two tokens.
        #expect(result.imageCount == 1)
        #expect(html.matches(of: /<script type="text\/x-notesite-image" id=/).count == 1)
        #expect(html.matches(of: /notesite-export-image:0"/).count >= 2)
        // Each note one element: the code's `</script>` did not end Porto's early.
        let notes = html.matches(of: /<script type="text\/x-notesite-note" id=[^>]*>([\s\S]*?)<\/script>/)
        #expect(notes.count == 4)
        // Drafts stay out.
        #expect(!html.contains("ideas/draft.html"))
    }

    @Test(arguments: [
        ("ideas/Draft.md", "'ideas/Draft.md' is not published"),
        ("notesite.yml", "'notesite.yml' is not a note"),
        ("images", "folder 'images' holds no published note"),
    ])
    func refused(subject: String, message: String) async throws {
        let vault = try ExportVault.make()
        defer { vault.remove() }
        let result = await ExportVault.export(vault, subject)
        #expect(result.document == nil)
        #expect(result.report.errorCount == 1)
        #expect(
            result.report.diagnostics.contains { $0.message.hasPrefix(message) },
            "\(result.report.diagnostics)")
    }

    @Test func aPathOutsideTheVault() async throws {
        let vault = try ExportVault.make()
        defer { vault.remove() }
        let other = try ExportVault.make()
        defer { other.remove() }
        let options = ExportOptions(
            build: BuildOptions(vault: vault.root, jobs: 1),
            subject: other.root.appendingPathComponent("index.md"),
            file: nil)
        let result = await SiteExport.run(options)
        #expect(result.document == nil)
        #expect(result.report.diagnostics.contains { $0.message.contains("is outside the vault") })
        // A symlink out of the vault is outside too.
        try FileManager.default.createSymbolicLink(
            at: vault.root.appendingPathComponent("elsewhere"), withDestinationURL: other.root)
        let linked = await ExportVault.export(vault, "elsewhere/index.md")
        #expect(linked.report.diagnostics.contains { $0.message.contains("is outside the vault") })
    }

    @Test func anOutputInsideTheVault() async throws {
        let vault = try ExportVault.make()
        defer { vault.remove() }
        let result = await ExportVault.export(
            vault, "", file: vault.root.appendingPathComponent("out/all.html"))
        #expect(result.document == nil)
        let problem = try #require(result.report.diagnostics.first)
        #expect(problem.message.contains("is inside the vault") && problem.remedy == .chooseOutput)
    }

    @Test func theVaultOfANote() throws {
        let vault = try ExportVault.make()
        defer { vault.remove() }
        let elsewhere = try TestVault()
        defer { elsewhere.remove() }
        // The nearest folder up with a notesite.yml.
        let found = ExportOptions.vault(
            holding: vault.root.appendingPathComponent("trips/Lisbon.md"), current: elsewhere.root)
        #expect(found.path == vault.root.standardizedFileURL.path)
        // Without one: the current folder when the path is in it, else the folder itself or the note's.
        let bare = try TestVault()
        defer { bare.remove() }
        try bare.write("# A\n", to: "notes/a.md")
        let note = bare.root.appendingPathComponent("notes/a.md")
        #expect(
            ExportOptions.vault(holding: note, current: bare.root).path == bare.root.standardizedFileURL.path)
        #expect(
            ExportOptions.vault(holding: note, current: elsewhere.root).path
                == bare.root.appendingPathComponent("notes").standardizedFileURL.path)
        #expect(
            ExportOptions.vault(holding: bare.root, current: elsewhere.root).path
                == bare.root.standardizedFileURL.path)
    }

}
