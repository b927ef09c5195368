import TestSupport
import Testing

@testable import SiteBuilder

/// ``ExplorerData/relativePage(_:in:)`` on bytes against the character version it stands for.
struct ExplorerRelativePageTests {
    private static func byCharacters(_ pagePath: String, in folder: String) -> String {
        let page = pagePath.hasSuffix(".html") ? String(pagePath.dropLast(5)) : pagePath
        let prefix = folder.isEmpty ? "" : folder + "/"
        guard page.hasPrefix(prefix) else { return "/" + page }
        return String(page.dropFirst(prefix.count))
    }

    @Test func knownPages() {
        #expect(ExplorerData.relativePage("area-1/note-3.html", in: "area-1") == "note-3")
        #expect(ExplorerData.relativePage("other/place.html", in: "area-1") == "/other/place")
        #expect(ExplorerData.relativePage("area-10/x.html", in: "area-1") == "/area-10/x")
        #expect(ExplorerData.relativePage("a/b.html", in: "") == "a/b")
        #expect(ExplorerData.relativePage("été/x.html", in: "été") == "x")
    }

    @Test func randomPagesMatchTheCharacterVersion() {
        let pieces = ["a", "b", "/", ".html", "x.", "ht", "ml"]
        var generator = SeededGenerator(seed: 5)
        func random() -> String {
            (0..<Int.random(in: 0..<8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
        }
        for _ in 0..<3_000 {
            let folder = random()
            let page = (Bool.random(using: &generator) ? folder + "/" : "") + random()
            #expect(
                ExplorerData.relativePage(page, in: folder) == Self.byCharacters(page, in: folder),
                "\(page) \(folder)")
        }
    }
}
