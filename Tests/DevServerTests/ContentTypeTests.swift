import Testing

@testable import DevServer

@Suite("content types")
struct ContentTypeTests {
    @Test(
        "by extension, case-insensitive",
        arguments: [
            ("index.html", "text/html; charset=utf-8"), ("assets/style.css", "text/css; charset=utf-8"),
            ("assets/search.js", "text/javascript; charset=utf-8"), ("img/a.PNG", "image/png"),
            ("img/b.jpeg", "image/jpeg"), ("img/c.webp", "image/webp"), ("img/d.svg", "image/svg+xml"),
            ("feed.xml", "application/xml"), ("search.json", "application/json"),
            ("fonts/x.woff2", "font/woff2"), ("README", "application/octet-stream"),
            (".hidden", "application/octet-stream"), ("a.unknown", "application/octet-stream"),
        ])
    func type(path: String, expected: String) {
        #expect(ContentType.forPath(path) == expected)
    }
}
