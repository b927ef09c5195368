import Testing

@testable import SiteBuilder

/// The byte walk over paths against the character split it stands for.
struct FolderNamesTests {
    @Test func knownPaths() {
        #expect(FolderNames.above("a/b/c.md") == ["a", "b"])
        #expect(FolderNames.above("c.md") == [])
        #expect(FolderNames.above("/a//b/") == ["a"])
        #expect(FolderNames.joined(above: "trips/europe/lisbon.html") == "trips/europe")
        #expect(FolderNames.joined(above: "index.html") == "")
        #expect(FolderNames.joined(above: "été/x.html") == "été")
        #expect(FolderNames.above("a/\u{301}b/c.md") == ["a/\u{301}b"], "a mark joins the slash")
        #expect(FolderNames.above("") == [] && FolderNames.above("/") == [])
        #expect(FolderNames.parts(of: "/a//b/") == ["a", "b"] && FolderNames.lastPart(of: "a/b/") == "b")
        #expect(FolderNames.lastPart(of: "/") == "" && FolderNames.parts(of: "") == [])
    }

    /// Random paths of letters, slashes (doubled, leading, trailing), non-ASCII letters and a
    /// combining accent after a slash (one character with it, so no split there).
    @Test func randomPathsSplitAsCharactersDo() {
        let pieces = ["a", "bc", "/", "/", "//", "é", "\u{301}", ".md", "日本", " "]
        var state: UInt64 = 42
        for _ in 0..<3_000 {
            var path = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 60) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly ASCII, as real paths are, so the byte walk is what gets tested.
                let piece = pieces[Int(state >> 33) % (state >> 62 == 0 ? pieces.count : 5)]
                path += piece
            }
            let all = path.split(separator: "/")
            #expect(FolderNames.parts(of: path) == all.map(String.init), "\(path)")
            #expect(FolderNames.lastPart(of: path) == all.last.map(String.init) ?? "", "\(path)")
            let parts = all.dropLast()
            #expect(FolderNames.above(path) == parts.map(String.init), "\(path)")
            #expect(FolderNames.joined(above: path) == parts.joined(separator: "/"), "\(path)")
        }
    }
}
