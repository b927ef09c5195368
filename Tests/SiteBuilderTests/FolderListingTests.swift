import Testing

@testable import SiteBuilder

@Suite struct FolderListingTests {
    /// Folder names split by bytes (ASCII paths) or by Characters (others) as a split by Characters does.
    @Test func folderNamesSplitAsCharactersDo() {
        var random = SplitMix64(seed: 3)
        let pieces = ["a", "B", "/", "//", " ", "-", "é", "\u{301}", "東", "😀", ".md"]
        var paths = ["", "/", "a", "a/b.md", "/a//b/c.md", "a/\u{301}b/c.md", "é/x/y.md", "a/b/"]
        for _ in 0..<2_000 {
            paths.append((0..<random.next(10)).map { _ in pieces[random.next(pieces.count)] }.joined())
        }
        for path in paths {
            let expected = path.split(separator: "/").dropLast().map(String.init)
            #expect(FolderListing.folderNames(of: path) == expected, "\(path.debugDescription)")
        }
        #expect(FolderListing.folderNames(of: "a/\u{301}b/c.md") == ["a/\u{301}b"], "a mark joins the slash")
    }
}
