import Foundation
import Testing

@testable import SiteBuilder

/// `<img src>` in raw HTML (with or without `allow_html`) goes through the same resolver and
/// image stage as Markdown images.
@Suite struct RawHTMLImageTests {
    /// The start of every PNG file, base64-encoded: marks a rendition inlined by the build.
    static let pngDataURI = "src=\"data:image/png;base64,iVBORw0KGgo"

    @Test func localImagesInRawHTMLAreInlinedKeepingTheAuthorsAttributes() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("allow_html: true\nimage_format: png\n", to: "notesite.yml")
        try vault.write(TinyPNG.solid(width: 300, height: 200), to: "notes/pics/a.png")
        try vault.write(TinyPNG.solid(width: 400, height: 400, rgb: (0, 0, 255)), to: "media/b.png")
        try vault.write(
            """
            # N

            <div class="box">
            <img alt="A &amp; co" class="hero" src="pics/a.png">
            </div>

            Text <img src='b.png' width="100"> and <img src="https://example.org/x.png" alt="far">
            and <img src="data:image/gif;base64,R0lGOD" alt="own">.
            """, to: "notes/N.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let html = try vault.read("_site/notes/n.html")
        #expect(html.components(separatedBy: Self.pngDataURI).count - 1 == 2, "both local images inlined")
        // The author's attributes stay; the size is added only when the author gave none.
        #expect(
            html.contains(
                "width=\"300\" height=\"200\" decoding=\"async\" alt=\"A &amp; co\" class=\"hero\">"))
        #expect(html.contains("decoding=\"async\" width=\"100\">"))
        #expect(!html.contains("width=\"100\" height="), "the author's width alone keeps the aspect ratio")
        #expect(html.contains("<img src=\"https://example.org/x.png\" alt=\"far\">"))
        #expect(html.contains("<img src=\"data:image/gif;base64,R0lGOD\" alt=\"own\">"))
        #expect(!html.contains("pics/a.png") && !html.contains("'b.png'"))
        // The author's width="100" asks for 100 CSS px, so 200 px: a rendition of its own.
        #expect(report.imageCount == 2)
    }

    @Test func problemsAreReportedWhereTheTagIs() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("allow_html: true\n", to: "notesite.yml")
        try vault.write(Data("not a picture".utf8), to: "broken.png")
        try vault.write(TinyPNG.solid(width: 20, height: 20), to: "fine.png")
        try vault.write(
            """
            # T

            Some text <img src="nope.png"> then <img src="broken.png">

            <p>
              <img src="fine.png"><img src="broken.png">
            </p>
            """, to: "T.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        let messages = report.sortedDiagnostics.map(\.description)
        #expect(messages.count == 3, "\(messages)")
        #expect(
            messages.contains { $0.contains("/T.md:3:11: error: image 'nope.png' not found") }, "\(messages)")
        #expect(
            messages.contains { $0.contains("/T.md:3:37: error: cannot use image 'broken.png':") },
            "\(messages)")
        #expect(
            messages.contains { $0.contains("/T.md:6:23: error: cannot use image 'broken.png':") },
            "\(messages)")
        let html = try vault.read("_site/t.html")
        #expect(html.contains("missing image: nope.png") && html.contains("missing image: broken.png"))
        #expect(html.contains("<img src=\"data:image/"), "one bad image does not stop the others")
    }

    @Test func withoutAllowHTMLEveryLocalImgIsAnImageAndTheSafeRestIsKept() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("image_format: png\n", to: "notesite.yml")
        try vault.write(TinyPNG.solid(width: 30, height: 20), to: "i9.png")
        try vault.write(TinyPNG.solid(width: 40, height: 10, rgb: (0, 255, 0)), to: "media/i10.png")
        try vault.write(
            """
            # N

            Text <img src="i9.png" alt="i9"> here.

            <div><img src="i10.png"></div>

            Then <span>x</span> and <img src="https://example.org/r.png">.
            """, to: "N.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        #expect(report.diagnostics.isEmpty, "nothing removed, nothing said: \(report.diagnostics)")
        let html = try vault.read("_site/n.html")
        #expect(html.components(separatedBy: Self.pngDataURI).count - 1 == 2, "both inlined")
        #expect(html.contains("alt=\"i9\""))
        #expect(!html.contains("i9.png\""), "the image's tag is the pipeline's, not the author's")
        #expect(html.contains("<div><span class=\"notesite-figure\""), "the image inside the kept <div>")
        #expect(html.contains("<span>x</span>"))
        #expect(html.contains("<img src=\"https://example.org/r.png\">"), "a remote <img> is kept")
        #expect(!html.contains("raw HTML omitted"))
        #expect(report.imageCount == 2)
    }

    @Test func missingImagesAreErrorsAtTheirTagAndKeptHTMLIsNotReported() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# T\n\n> Quote <img src=\"gone.png\"> <b>x</b>\n\n<!-- a comment -->\n", to: "T.md")
        try vault.write("# U\n\n<!-- only a comment -->\n\n<img src=\"gone.png\">\n", to: "U.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        let messages = report.sortedDiagnostics.map(\.description)
        #expect(messages.count == 2, "\(messages)")
        #expect(
            messages.contains { $0.contains("/T.md:3:9: error: image 'gone.png' not found") }, "\(messages)")
        #expect(
            messages.contains { $0.contains("/U.md:5:1: error: image 'gone.png' not found") }, "\(messages)")
    }

    @Test func htmlImagesFollowTheInlineSettingAndCountTowardsTheBudget() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(TinyPNG.solid(width: 64, height: 32), to: "pics/c.png")
        try vault.write("# H\n\n<p><img src=\"../pics/c.png\"></p>\n", to: "sub/H.md")
        try vault.write("# I\n\nInline <img src=\"pics/c.png\" alt=\"c\">\n", to: "I.md")
        try vault.write("allow_html: true\ninline: never\nimage_format: png\n", to: "notesite.yml")
        let never = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        #expect(never.diagnostics.isEmpty, "\(never.diagnostics)")
        let files = try FileManager.default.contentsOfDirectory(
            atPath: vault.root.appendingPathComponent("_site/images").path)
        let name = try #require(files.first)
        #expect(files.count == 1)
        #expect(
            try vault.read("_site/sub/h.html").contains(
                "<img src=\"../images/\(name)\" width=\"64\" height=\"32\" decoding=\"async\">"))
        try vault.write("allow_html: true\npage_budget_bytes: 10\n", to: "notesite.yml")
        let inlined = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        let warnings = inlined.diagnostics.map(\.description).filter { $0.contains("page_budget_bytes") }
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.contains("c.png") }, "\(warnings)")
    }
}
