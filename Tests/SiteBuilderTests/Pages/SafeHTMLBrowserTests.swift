import Foundation
import NoteModel
import Testing

@testable import SiteBuilder

/// Sanitized HTML in headless Chromium (Tests/Browser/safe_html_test.py): script-injection
/// vectors as blocks and inline run nothing, and malformed markup stays inside the note.
@Suite(.serialized) struct SafeHTMLBrowserTests {
    /// Script-injection vectors: the kinds of OWASP's XSS filter evasion cheat sheet (event
    /// handlers, script URLs hidden by case, entities and whitespace, parser differentials through
    /// SVG, MathML, comments and raw-text elements) and others of our own.
    static let vectors = [
        #"<img src=x onerror=alert(1)>"#,
        #"<svg onload=alert(1)>"#,
        #"<a href="javascript:alert(1)">js link</a>"#,
        #"<iframe src="javascript:alert(1)"></iframe>"#,
        #"<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"#,
        #"<details open ontoggle=alert(1)><summary>s</summary>d</details>"#,
        #"<a href="JaVaScRiPt:alert(1)">case</a>"#,
        #"<a href=" javascript:alert(1)">space</a>"#,
        #"<a href="jav&#x09;ascript:alert(1)">tab entity</a>"#,
        #"<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>"#,
        #"<a href="&#x6A;avascript&colon;alert(1)">named colon</a>"#,
        #"<a href="vbscript:msgbox(1)">vb</a>"#,
        #"<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>"#,
        #"<script>alert(1)</script>"#,
        #"<scr<script>ipt>alert(1)</scr</script>ipt>"#,
        #"<svg><script>alert(1)</script></svg>"#,
        #"<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">svg link</text></a></svg>"#,
        #"<math href="javascript:alert(1)">math link</math>"#,
        #"<body onload=alert(1)>"#,
        #"<input autofocus onfocus=alert(1)>"#,
        #"<select autofocus onfocus=alert(1)></select>"#,
        #"<textarea autofocus onfocus=alert(1)></textarea>"#,
        #"<form><button formaction="javascript:alert(1)">go</button></form>"#,
        #"<form action="javascript:alert(1)"><input type=submit></form>"#,
        #"<object data="javascript:alert(1)"></object>"#,
        #"<object data="data:text/html,<script>alert(1)</script>"></object>"#,
        #"<embed src="javascript:alert(1)">"#,
        #"<iframe srcdoc="<script>alert(1)</script>"></iframe>"#,
        #"<video><source onerror="alert(1)"></video>"#,
        #"<video poster="javascript:alert(1)" src="x"></video>"#,
        #"<audio src=x onerror=alert(1)></audio>"#,
        #"<style>@import 'javascript:alert(1)';</style>"#,
        #"<div style="background:url(javascript:alert(1))">styled</div>"#,
        #"<div style="position:fixed;top:0;left:0;width:100%;height:100%" onmouseover="alert(1)">cover</div>"#,
        #"<meta http-equiv="refresh" content="0;url=javascript:alert(1)">"#,
        #"<base href="javascript:alert(1)//">"#,
        #"<link rel="stylesheet" href="javascript:alert(1)">"#,
        #"<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>"#,
        #"<!--<img src="--><img src=x onerror=alert(1)//">"#,
        #"<title><img src=x onerror=alert(1)></title>"#,
        #"<template><img src=x onerror=alert(1)></template>"#,
        #"<img src="x" onerror="&#97;lert(1)">"#,
        #"<img src=x:alert(alt) onerror=eval(src) alt=0>"#,
        #"<img srcset="x" onerror=alert(1)>"#,
        #"<marquee onstart=alert(1)>m</marquee>"#,
        #"<x onmouseover=alert(1)>custom</x>"#,
        #"<table background="javascript:alert(1)"><tr><td>t</td></tr></table>"#,
        #"<frameset onload=alert(1)>"#,
        #""><script>alert(1)</script>"#,
        #"</textarea><script>alert(1)</script>"#,
        ##"<a href="#" onclick="alert(1)">hash</a>"##,
        #"<div id="x" tabindex=1 onfocusin=alert(1)>focus</div>"#,
    ]

    /// One note for each vector as a block and one as inline HTML (`v-block-07.md`), so that each
    /// is read from a clean start, and two with all of them in a row (`vectors-block.md`), so that
    /// what one leaves open meets the next.
    static func vault() throws -> TestVault {
        let vault = try TestVault()
        let safe = "Some <b>bold</b> and <em>slanted</em> words."
        let end = "\n\nEND OF VECTORS\n"
        for (number, vector) in vectors.enumerated() {
            let name = String(format: "%02d", number)
            try vault.write("# Block \(name)\n\n\(safe)\n\n\(vector)" + end, to: "v-block-\(name).md")
            try vault.write(
                "# Inline \(name)\n\n\(safe)\n\nBefore \(vector) after." + end, to: "v-inline-\(name).md")
        }
        try vault.write(
            "# Block vectors\n\n\(safe)\n\n" + vectors.joined(separator: "\n\n") + end, to: "vectors-block.md"
        )
        try vault.write(
            "# Inline vectors\n\n\(safe)\n\n"
                + vectors.map { "Before \($0) after." }.joined(separator: "\n\n")
                + end,
            to: "vectors-inline.md")
        try vault.write(
            """
            # Structure

            <div class="open">
            An unclosed div, then a stray end tag:

            </article>

            Last words.
            """, to: "structure.md")
        try vault.write("# Other\n\nSee [[structure]].\n", to: "other.md")
        return vault
    }

    /// The pages of vectors: each vector's two, and the two with all of them.
    static let vectorPages =
        vectors.indices.flatMap { number in
            ["block", "inline"].map { "v-\($0)-\(String(format: "%02d", number)).html" }
        } + ["vectors-block.html", "vectors-inline.html"]

    /// Notes whose vector never becomes an element: the HTML5 parser drops `<body>` and
    /// `<frameset>` inside a fragment, and inline, the comment vector's `<img ...//">` is not an HTML
    /// tag to CommonMark but text, written escaped.
    static let nothingToRemove: Set<String> = [
        "v-block-18.md", "v-inline-18.md", "v-block-47.md", "v-inline-47.md", "v-inline-38.md",
    ]

    /// What building the vectors may report besides what it removed: their `src=x` names no file.
    static func isExpected(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.message.hasPrefix("removed ") || diagnostic.message.hasPrefix("image 'x' not found")
            || diagnostic.message.hasSuffix("src 'x' finds no file in the vault")
    }

    @Test(BrowserScript.timeLimit(minutes: 3)) func vectorsRunNothingInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let vault = try Self.vault()
        defer { vault.remove() }
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.diagnostics.allSatisfy(Self.isExpected), "\(report.diagnostics)")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/safe_html_test.py")
        try BrowserScript.run([script.path, vault.root.appendingPathComponent("_site").path])
    }

    /// The same vectors without a browser: the written pages have none of what they carry, and
    /// each vector's note is warned about.
    @Test func vectorsLeaveNothingInThePage() async throws {
        let vault = try Self.vault()
        defer { vault.remove() }
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.diagnostics.allSatisfy(Self.isExpected), "\(report.diagnostics)")
        let warned = Set(
            report.diagnostics.filter { $0.message.hasPrefix("removed ") }.compactMap {
                $0.location?.file.split(separator: "/").last.map(String.init)
            })
        for page in Self.vectorPages {
            let body = SafeHTMLTests.article(try vault.read("_site/\(page)")).lowercased()
            #expect(!body.isEmpty)
            for banned in ["<script", "<svg", "<math", "<style", "<iframe", "<object", "<embed", "<form"] {
                #expect(!body.contains(banned), "\(page) has \(banned): \(body)")
            }
            // In a tag: an `on...` attribute, or an attribute whose value is a script URL.
            let handler = /<[a-z][^>]*\son[a-z]+\s*=/
            let scriptURL = /<[a-z][^>]*=\s*["']?\s*(javascript|vbscript|data:text)/
            #expect(body.firstMatch(of: handler) == nil, "\(page): \(body)")
            #expect(body.firstMatch(of: scriptURL) == nil, "\(page): \(body)")
            #expect(body.contains("end of vectors"), "\(page) runs to its end")
            let note = page.replacingOccurrences(of: ".html", with: ".md")
            #expect(
                warned.contains(note) || Self.nothingToRemove.contains(note),
                "\(note) had something removed, and says so")
        }
    }
}
