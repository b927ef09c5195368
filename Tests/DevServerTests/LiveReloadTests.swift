import Foundation
import Testing

@testable import DevServer

@Suite("live-reload script")
struct LiveReloadTests {
    @Test("goes before the last </body>, whatever its case")
    func beforeBody() {
        let page = Data("<html><body><p>x</p></BODY></html>".utf8)
        let text = String(
            decoding: LiveReload.inject(into: page, page: "a.html", fingerprint: "f"), as: UTF8.self)
        #expect(text.hasPrefix("<html><body><p>x</p><script id=\"notesite-live\">"))
        #expect(text.hasSuffix("</script>\n</BODY></html>"))
    }

    @Test("is appended to pages without </body>")
    func appended() {
        let text = String(
            decoding: LiveReload.inject(into: Data("<p>x".utf8), page: "a.html", fingerprint: "f"),
            as: UTF8.self)
        #expect(text.hasPrefix("<p>x<script"))
    }

    @Test("page names cannot end the script element")
    func escaped() {
        let script = LiveReload.script(page: "</script><b>\"x\".html", fingerprint: "f")
        #expect(!script.contains("</script><b>"))
        #expect(script.contains("\"\\u003c/script\\u003e\\u003cb\\u003e\\\"x\\\".html\""))
    }

    @Test("a snapshot lists the pages whose bytes changed, added and removed")
    func changedPages() {
        let old = SiteSnapshot(
            version: 1, files: ["a.html": Data("a".utf8), "b.html": Data("b".utf8), "c.html": Data()],
            errors: nil)
        let new = SiteSnapshot(
            version: 2, files: ["a.html": Data("a".utf8), "b.html": Data("B".utf8), "d.html": Data()],
            errors: nil, previous: old)
        #expect(new.changedPages == ["b.html", "c.html", "d.html"])
        #expect(new.fingerprints.keys.sorted() == ["a.html", "b.html", "d.html"], "c.html's print is gone")
        let styled = SiteSnapshot(
            version: 3, files: new.files.merging(["assets/style.css": Data("x".utf8)]) { $1 }, errors: nil,
            previous: new)
        #expect(
            styled.changedPages == ["a.html", "b.html", "d.html"],
            "a style change reloads every page")
        let restyled = SiteSnapshot(
            version: 4, files: ["a.html": Data("a".utf8), "assets/style.css": Data("y".utf8)], errors: nil,
            previous: styled)
        #expect(
            restyled.changedPages == ["a.html", "b.html", "d.html"],
            "pages gone with a style change count too")
    }
}
