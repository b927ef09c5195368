import Foundation
import MarkdownReader
import NoteHTML
import NoteModel
import Testing

@testable import SiteBuilder

/// HTML written in notes without `allow_html`: what is safe is kept, what is not is removed and
/// named in one warning per note, and links and media in it resolve as Markdown ones do.
@Suite struct SafeHTMLTests {
    static func build(_ files: [String: String], strict: Bool = false) async throws -> (
        TestVault, BuildReport
    ) {
        let vault = try TestVault()
        for (path, text) in files { try vault.write(text, to: path) }
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, strict: strict, jobs: 2))
        return (vault, report)
    }

    /// The note's own HTML: what its page's `<article>` holds.
    static func article(_ page: String) -> String {
        guard let start = page.range(of: "<article class=\"note-body\">"),
            let end = page.range(of: "</article>", range: start.upperBound..<page.endIndex)
        else { return "" }
        return String(page[start.upperBound..<end.lowerBound])
    }

    /// The writer's own ids are reserved so authored ones cannot take them: found as `id="..."`
    /// after a space, not inside another attribute's name or an unterminated value.
    @Test func theWritersIDsAreFound() {
        var ids: Set<String> = []
        let html = Array(
            "<h2 id=\"a-b\">x</h2><p data-id=\"no\">x=\"y\"</p><sup id=\"fnref-1\"></sup><li id=\"z".utf8)
        PageBody.addIDs(in: html[...], to: &ids)
        #expect(ids == ["a-b", "fnref-1"])
        PageBody.addIDs(in: Array(" id=\"\"".utf8)[...], to: &ids)
        #expect(ids == ["a-b", "fnref-1", ""])
    }

    /// Only authored HTML that may set an id makes the page's own ids worth finding.
    @Test func authoredIDsAreTold() {
        for html in ["<p id=x>", "<p ID = \"x\">", "<span data-id='1'>", "<b\nid\n=y>"] {
            #expect(PageBody.mayHoldID(Array(html.utf8)[...]), "\(html)")
        }
        for html in ["<u>hidden</u>", "<img width=10>", "<p>id</p>", "<p class=\"idea\">", "id"] {
            #expect(!PageBody.mayHoldID(Array(html.utf8)[...]), "\(html)")
        }
    }

    @Test func formattingIsKeptWithoutAWarning() async throws {
        let (vault, report) = try await Self.build([
            "a.md": """
            # A

            | Place | Where |
            | --- | --- |
            | Tower | 48.85837<br>2.294481 |

            Due in <u>two weeks</u>; press <kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O, x<sup>2</sup>.

            A <span class="flair">badge</span> here.
            """
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "nothing removed, nothing said: \(report.diagnostics)")
        let body = Self.article(try vault.read("_site/a.html"))
        #expect(body.contains("48.85837<br>2.294481"), "\(body)")
        #expect(body.contains("<u>two weeks</u>") && body.contains("<kbd>Ctrl</kbd>+<kbd>C</kbd>"), "\(body)")
        #expect(body.contains("H<sub>2</sub>O") && body.contains("x<sup>2</sup>"), "\(body)")
        #expect(body.contains("<span class=\"flair\">badge</span>"), "\(body)")
        #expect(!body.contains("raw HTML omitted"))
    }

    /// An inline image the sanitizer keeps (every `data:image` type it allows, AVIF among them)
    /// reaches the page: the page's own URL check does not drop it again.
    @Test func dataImagesTheSanitizerKeepsReachThePage() async throws {
        let types = ["png", "jpeg", "gif", "webp", "avif"]
        let (vault, report) = try await Self.build([
            "a.md": "# A\n\n"
                + types.map { "<img alt=\"\($0)\" src=\"data:image/\($0);base64,AAAA\">" }.joined(
                    separator: " ")
                + " <img alt=\"svg\" src=\"data:image/svg+xml;base64,AAAA\">\n"
        ])
        defer { vault.remove() }
        let body = Self.article(try vault.read("_site/a.html"))
        for type in types {
            #expect(body.contains("src=\"data:image/\(type);base64,AAAA\""), "\(type): \(body)")
        }
        #expect(!body.contains("svg+xml"), "\(body)")
        #expect(report.diagnostics.map(\.message) == ["removed data: URL from the note's HTML"])
    }

    @Test func markdownInsideAnHTMLBlockStaysMarkdown() async throws {
        let (vault, report) = try await Self.build([
            "a.md": """
            # A

            <details>
            <summary>More</summary>

            Some **bold** and a [[b]] link.

            </details>

            After.
            """,
            "b.md": "# B\n",
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let body = Self.article(try vault.read("_site/a.html"))
        let details = try #require(body.range(of: "<details>"))
        let closing = try #require(body.range(of: "</details>"))
        let inside = body[details.upperBound..<closing.lowerBound]
        #expect(inside.contains("<summary>More</summary>"), "\(body)")
        #expect(inside.contains("<strong>bold</strong>"), "Markdown inside the fold: \(body)")
        #expect(inside.contains("href=\"b.html\""), "\(body)")
        #expect(body[closing.upperBound...].contains("<p>After.</p>"), "\(body)")
    }

    @Test func scriptsAndHandlersAreRemovedAndNamedInOneWarning() async throws {
        let (vault, report) = try await Self.build([
            "a.md": """
            # A

            Text <b onclick="steal()">bold</b> here.

            <script>alert(1)</script>

            [fine](b.md)
            """,
            "b.md": "# B\n",
        ])
        defer { vault.remove() }
        let messages = report.sortedDiagnostics.map(\.description)
        #expect(messages.count == 1, "\(messages)")
        let message = try #require(messages.first)
        // Named in the order they come in the note, each once.
        #expect(
            message.hasSuffix("/a.md:3:6: warning: removed onclick, <script> from the note's HTML"),
            "\(message)")
        #expect(report.exitCode(strict: true) != 0, "a warning fails --strict")
        let body = Self.article(try vault.read("_site/a.html"))
        #expect(body.contains("<b>bold</b>"), "\(body)")
        #expect(!body.contains("script") && !body.contains("onclick") && !body.contains("alert"), "\(body)")
    }

    @Test func videoPlayersFromEmbedHostsOnly() async throws {
        let (vault, report) = try await Self.build([
            "a.md": """
            # A

            <iframe src="https://www.youtube.com/embed/abc123" width="560" height="315"></iframe>

            <iframe src="https://evil.example.com/frame"></iframe>
            """
        ])
        defer { vault.remove() }
        let messages = report.sortedDiagnostics.map(\.description)
        #expect(messages.count == 1, "\(messages)")
        #expect(
            messages.first?.contains("evil.example.com") == true, "the warning names the host: \(messages)")
        #expect(
            messages.first?.contains("/a.md:5:1: warning: removed ") == true,
            "at the iframe removed: \(messages)")
        let body = Self.article(try vault.read("_site/a.html"))
        #expect(body.contains("src=\"https://www.youtube.com/embed/abc123\""), "\(body)")
        #expect(body.contains("sandbox"), "\(body)")
        #expect(!body.contains("evil.example.com"), "\(body)")

        // embed_hosts replaces the list: YouTube is then removed too.
        try vault.write("embed_hosts: [evil.example.com]\n", to: "notesite.yml")
        let again = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        let other = Self.article(try vault.read("_site/a.html"))
        #expect(other.contains("https://evil.example.com/frame") && !other.contains("youtube"), "\(other)")
        #expect(again.diagnostics.map(\.message).contains { $0.contains("www.youtube.com") })
    }

    @Test func authoredLinksResolveAndCountAsBacklinks() async throws {
        let (vault, report) = try await Self.build([
            "notes/a.md": """
            # A

            <div class="box"><a href="../other.md#part" title="t">the other</a></div>

            Inline <a href="gone.md">gone</a> and <a href="https://example.org/">far</a>.
            """,
            "other.md": "# Other\n\n## Part\n",
        ])
        defer { vault.remove() }
        let messages = report.sortedDiagnostics.map(\.description)
        #expect(messages.count == 1, "\(messages)")
        #expect(
            messages.first?.hasSuffix(
                "/notes/a.md:5:8: warning: link to 'gone.md' finds no published note in the vault") == true,
            "\(messages)")
        let body = Self.article(try vault.read("_site/notes/a.html"))
        #expect(body.contains("href=\"../other.html#part\""), "\(body)")
        #expect(body.contains("href=\"https://example.org/\""), "\(body)")
        let other = try vault.read("_site/other.html")
        let backlinks = try #require(other.range(of: "id=\"notesite-backlinks\""))
        #expect(
            other[backlinks.upperBound...].contains("href=\"notes/a.html\""), "a backlink from the <a> tag")
    }

    @Test func localMediaIsPublishedAndItsSourceRewritten() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(Data([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]), to: "media/Clip One.mp4")
        try vault.write(Data("WEBVTT\n".utf8), to: "media/clip.vtt")
        try vault.write(
            """
            # A

            <video controls poster="nowhere.png">
            <source src="media/Clip One.mp4" type="video/mp4">
            <track src="clip.vtt" kind="captions">
            </video>
            """, to: "a.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        let messages = report.sortedDiagnostics.map(\.description)
        #expect(messages.count == 1, "\(messages)")
        #expect(
            messages.first?.hasSuffix(
                "/a.md:3:1: warning: <video> poster 'nowhere.png' finds no file in the vault") == true,
            "\(messages)")
        #expect(vault.exists("_site/media/clip-one.mp4") && vault.exists("_site/media/clip.vtt"))
        let body = Self.article(try vault.read("_site/a.html"))
        #expect(
            body.contains("src=\"media/clip-one.mp4\"") && body.contains("src=\"media/clip.vtt\""), "\(body)")
        #expect(body.contains("<video controls"), "\(body)")
    }

    @Test func authoredIDsDoNotTakeThePagesOwn() async throws {
        let (vault, report) = try await Self.build([
            "a.md": """
            # Intro

            <div id="intro">x</div> <span id="main">y</span> <b id="mine">z</b>

            Text[^1].

            [^1]: A note.
            """
        ])
        defer { vault.remove() }
        _ = report
        let page = try vault.read("_site/a.html")
        #expect(page.components(separatedBy: "id=\"intro\"").count == 2, "the heading's id once")
        #expect(page.components(separatedBy: "id=\"main\"").count == 2, "the template's id once")
        #expect(Self.article(page).contains("id=\"mine\""), "an id of its own is kept")
    }

    @Test func notesWithoutHTMLPayNothingAndAllowHTMLTrusts() async throws {
        let (vault, report) = try await Self.build([
            "a.md": "# A\n\n<mark onclick=\"x()\">hi</mark>\n"
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.count == 1)
        #expect(Self.article(try vault.read("_site/a.html")).contains("<mark>hi</mark>"))
        try vault.write("allow_html: true\n", to: "notesite.yml")
        let trusted = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(trusted.diagnostics.isEmpty, "\(trusted.diagnostics)")
        #expect(Self.article(try vault.read("_site/a.html")).contains("<mark onclick=\"x()\">hi</mark>"))
    }

    @Test func embedHostsSettingIsCheckedAndRead() {
        let (read, problems) = SiteConfiguration.parse(
            "embed_hosts: [Example.org, player.vimeo.com]\n", file: "notesite.yml")
        #expect(problems.isEmpty && read.embedHosts == ["example.org", "player.vimeo.com"])
        let (empty, none) = SiteConfiguration.parse("embed_hosts: []\n", file: "notesite.yml")
        #expect(none.isEmpty && empty.embedHosts.isEmpty)
        #expect(SiteConfiguration().embedHosts.contains("www.youtube.com"))
        let (bad, errors) = SiteConfiguration.parse(
            "embed_hosts: [https://x.org/]\n", file: "notesite.yml")
        #expect(bad.embedHosts == SiteConfiguration.defaultEmbedHosts, "a bad value keeps the default")
        #expect(
            errors.map(\.description) == [
                "notesite.yml:1:14: error: 'embed_hosts' must be a list of host names such as 'www.youtube.com', found 'https://x.org/'"
            ])
    }

    @Test func theWriterMarksTheAuthorsHTMLAndNothingElse() throws {
        let read = { (text: String) in
            MarkdownReader.read(
                utf8: Array(text.utf8), file: "n.md", options: ReaderOptions(syntax: .obsidian))
        }
        var writer = HTMLWriter(tagFilter: true)
        writer.marksAuthoredHTML = true
        let folded = writer.renderOutput(
            read("<details>\n\nSome **bold**.\n\n</details>\n\nA <u>word</u>.\n"))
        let authored = folded.authored.map { String(decoding: folded.html[$0], as: UTF8.self) }
        #expect(authored == ["<details>\n", "</details>\n", "<u>", "</u>"])
        #expect(String(decoding: folded.html, as: UTF8.self).contains("<p>Some <strong>bold</strong>.</p>"))
        // Without raw HTML, the output is the writer's as before, byte for byte, and nothing is marked.
        let plain = read("# T\n\nText with *emphasis*, a [link](x.md) and `code`.\n\n- [ ] task\n")
        let marked = writer.renderOutput(plain)
        #expect(marked.authored.isEmpty)
        #expect(marked.html == HTMLWriter(tagFilter: true).renderUTF8(plain))
    }

    /// The ids the writer says it wrote, with those in the hooks' HTML, are exactly what reading
    /// all of its HTML for `id="..."` finds (the scan they replace), in a note with headings,
    /// block ids, footnotes referenced twice, a hook's anchor and the author's HTML between them.
    @Test func theWriterTellsTheIDsItWrites() throws {
        let text = """
            # Title & more

            A paragraph with a note[^n] and again[^n], <u>under</u> and ![x](x.png). ^para

            <div id="authored">

            ## Inside

            </div>

            [^n]: The note.
            """
        let document = MarkdownReader.read(
            utf8: Array(text.utf8), file: "n.md", options: ReaderOptions(syntax: .obsidian))
        var writer = HTMLWriter(tagFilter: true) { _, _, _ in "<img id=\"hooked\" src=\"x.png\">" }
        writer.marksAuthoredHTML = true
        let output = writer.renderOutput(document)
        var told = Set(output.ids.map { String(decoding: output.html[$0], as: UTF8.self) })
        for range in output.hooked { PageBody.addIDs(in: output.html[range], to: &told) }
        var scanned: Set<String> = []
        var offset = 0
        for region in output.authored + [output.html.count..<output.html.count] {
            PageBody.addIDs(in: output.html[offset..<region.lowerBound], to: &scanned)
            offset = region.upperBound
        }
        #expect(told == scanned)
        #expect(
            told.isSuperset(of: ["title--more", "inside", "fn-n", "fnref-n", "fnref-n-2", "^para", "hooked"]),
            "\(told)")
        #expect(!told.contains("authored"))
    }

    @Test func linkPreviewsKeepTheTextOfHTMLAndNoTags() async throws {
        let (vault, _) = try await Self.build([
            "a.md": "# A\n\nSee [[b]].\n",
            "b.md": """
            # B

            Due in <u>two weeks</u> <img src="https://example.org/x.png" onerror="alert(1)">.

            <script>alert(2)</script>
            """,
        ])
        defer { vault.remove() }
        let folder = vault.root.appendingPathComponent("_site/assets/previews")
        let shards = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let previews = try shards.map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined()
        #expect(previews.contains("Due in two weeks"), "\(previews)")
        #expect(!previews.contains("<u>") && !previews.contains("alert") && !previews.contains("example.org"))
    }
}
