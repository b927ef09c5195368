import Foundation
import Testing

@testable import SiteBuilder

/// The pieces of an export: raw text that cannot end its element, images stored once, a page taken
/// apart, relative references as site paths.
@Suite struct ExportPartsTests {
    /// export.js's `unescaped`, the same rule: `<\` then `\`, `!--` or `/script` loses the backslash.
    static func unescaped(_ text: String) -> String {
        text.replacing(/<\\(\\|!--|\/[sS][cC][rR][iI][pP][tT])/) { "<" + $0.output.1 }
    }

    @Test(arguments: [
        "plain", "</script>", "</SCRIPT >", "<!-- x -->", "<\\/script", "<\\\\!--", "a<\\b", "<\\", "<",
        "x</scrip", "<<!--</script</script><\\",
    ])
    func rawTextRoundTrips(text: String) {
        let escaped = String(decoding: RawText.escaped(Array(text.utf8)), as: UTF8.self)
        #expect(escaped.lowercased().firstRange(of: "</script") == nil)
        #expect(escaped.firstRange(of: "<!--") == nil)
        #expect(Self.unescaped(escaped) == text)
    }

    @Test func sharedImagesAreStoredOnce() {
        let photo = "data:image/png;base64," + String(repeating: "QUJD", count: 100)
        let icon = "data:image/svg+xml,%3Csvg%3E"
        var shelf = ImageShelf()
        let files = ["images/cat.webp": Data([1, 2, 3])]
        let first = shelf.shelve(
            Array("<img src=\"\(photo)\"><img src=\"\(icon)\"><img src=\"../images/cat.webp\">".utf8),
            pagePath: "a/one.html", files: files)
        let second = shelf.shelve(
            Array(
                "<p title=\"x\"><img alt=\"a\" src=\"\(photo)\"> <a href=\"../images/cat.webp\">f</a>".utf8),
            pagePath: "b/two.html", files: files)
        #expect(
            String(decoding: first, as: UTF8.self)
                == "<img src=\"notesite-export-image:0\"><img src=\"\(icon)\"><img src=\"notesite-export-image:1\">"
        )
        // A link to a file is a link, not an image to show: left for export.js.
        #expect(
            String(decoding: second, as: UTF8.self)
                == "<p title=\"x\"><img alt=\"a\" src=\"notesite-export-image:0\"> <a href=\"../images/cat.webp\">f</a>"
        )
        #expect(shelf.images.count == 2)
        #expect(String(decoding: shelf.images[1], as: UTF8.self) == "data:image/webp;base64,AQID")
    }

    @Test func aPageTakenApart() throws {
        let page = """
            <!doctype html><html><head>
            <link rel="stylesheet" href="../assets/style.css">
            <script src="../assets/preview.js" defer></script>
            <link rel="icon" href="data:image/svg+xml,x">
            </head><body><header>site</header>
            <main id="main" class="note has-toc" tabindex="-1">
            <nav class="explorer" id="notesite-explorer" data-page="a/b.html"><ul><li>x</li></ul></nav>
            <script src="../assets/explorer.js" defer></script>
            <article><h1>B</h1></article>
            <section class="local-graph" hidden><canvas></canvas></section>
            <script src="../assets/graph.js" defer></script>
            </main><footer>f</footer></body></html>
            """
        let built = try #require(BuiltPage(Array(page.utf8), pagePath: "a/b.html"))
        #expect(built.mainClass == "note has-toc")
        #expect(built.assets == ["assets/style.css", "assets/preview.js"])
        #expect(String(decoding: built.content, as: UTF8.self) == "\n<article><h1>B</h1></article>\n")
        #expect(String(decoding: built.explorer, as: UTF8.self).hasPrefix("<nav class=\"explorer\""))
        #expect(BuiltPage(Array("<html><body>no main</body></html>".utf8), pagePath: "x.html") == nil)
    }

    @Test(
        arguments: [
            ("../assets/style.css", "guide/images.html", "assets/style.css"),
            ("b.html#top", "a/x.html", "a/b.html"),
            ("./c/d.webp?v=1", "a/x.html", "a/c/d.webp"),
            ("../../x.html", "a/x.html", nil),
            ("https://example.org/x.html", "x.html", nil),
            ("#top", "x.html", nil),
            ("/abs.html", "x.html", nil),
        ] as [(String, String, String?)])
    func sitePaths(reference: String, page: String, expected: String?) {
        #expect(SitePath.resolve(reference, from: page) == expected)
    }
}
