import Testing

@testable import SiteBuilder

/// ``PageLinks`` splits its page once and writes links into a buffer: the same links as the plain
/// rule (``RelativeURLTests/splitting(from:to:)``, then a pretty URL's `index.html` dropped).
@Suite struct PageLinksTests {
    @Test(arguments: [
        ("a/b.html", "a/index.html", "./"), ("a/b/c.html", "index.html", "../../"),
        ("index.html", "a/index.html", "a/"), ("a/b.html", "a/myindex.html", "myindex.html"),
        ("a/b.html", "a/c/index.html", "c/"),
    ])
    func prettyLinksEndAtTheFolder(page: String, target: String, expected: String) {
        #expect(PageLinks(from: page, urls: .pretty).href(to: target) == expected)
        #expect(PageLinks(from: page, urls: .files).href(to: target).hasSuffix(".html"))
    }

    /// Random paths with empty segments, shared prefixes and non-ASCII names, appended after other
    /// bytes (the first segment must not get a slash before it) and one page asked many times.
    @Test func agreesWithThePlainRule() {
        var generator = SystemRandomNumberGenerator()
        let parts = ["a", "b", "é", "", "ab", "index.html", "x.html", "myindex.html"]
        func path() -> String {
            (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                parts.randomElement(using: &generator) ?? ""
            }
            .joined(separator: "/")
        }
        for _ in 0..<300 {
            let page = path()
            for urls in URLStyle.allCases {
                let links = PageLinks(from: page, urls: urls)
                for _ in 0..<10 {
                    let target = path()
                    let expected = Self.plain(from: page, to: target, urls: urls)
                    var buffer = Array("<a href=\"".utf8)
                    links.append(to: target, into: &buffer)
                    #expect(String(decoding: buffer, as: UTF8.self) == "<a href=\"" + expected)
                    #expect(links.href(to: target) == expected)
                }
            }
        }
    }

    static func plain(from page: String, to target: String, urls: URLStyle) -> String {
        let link = RelativeURLTests.splitting(from: page, to: target)
        guard urls == .pretty, link == "index.html" || link.hasSuffix("/index.html") else { return link }
        let folder = String(link.dropLast("index.html".count))
        return folder.isEmpty ? "./" : folder
    }
}
