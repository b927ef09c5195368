import Testing

@testable import SiteBuilder

@Suite struct SlugTests {
    @Test(arguments: [
        ("trips/Lisbon.md", "trips/lisbon.html"), ("Getting started.md", "getting-started.html"),
        ("My Notes/Día 1 -- café!.md", "my-notes/día-1-café.html"), ("a/b/C.MD", "a/b/c.html"),
        ("???.md", "untitled.html"), ("v1.2 notes.md", "v1.2-notes.html"),
    ])
    func pagePaths(note: String, page: String) {
        #expect(Slug.pagePath(forNote: note) == page)
    }

    @Test func rootPrefix() {
        #expect(Slug.rootPrefix(forPage: "index.html") == "")
        #expect(Slug.rootPrefix(forPage: "trips/lisbon.html") == "../")
        #expect(Slug.rootPrefix(forPage: "a/b/c.html") == "../../")
    }
}

@Suite struct ImageReferenceTests {
    @Test(arguments: [
        ("beach.jpg", "trips/Lisbon.md", ImageReference.local("trips/beach.jpg")),
        ("my%20photo.png", "a.md", .local("my photo.png")),
        ("my photo.png", "a.md", .local("my photo.png")),
        ("../images/x.png", "trips/Lisbon.md", .local("images/x.png")),
        ("./x.png?v=2#frag", "n.md", .local("x.png")),
        ("/images/x.png", "deep/er/n.md", .local("images/x.png")),
        ("../../x.png", "trips/n.md", .outsideVault),
        ("https://example.com/x.png", "n.md", .remote),
        ("data:image/png;base64,AAAA", "n.md", .remote),
        ("//cdn.example.com/x.png", "n.md", .remote),
    ])
    func resolves(destination: String, note: String, expected: ImageReference) {
        #expect(ImageReference(destination: destination, fromNote: note) == expected)
    }
}

@Suite struct UTF8CheckTests {
    @Test func findsFirstBadByte() throws {
        let bytes = Array("ok\nstill ok\n".utf8) + [0x61, 0xFF, 0x62]
        let bad = try #require(NoteLoading.firstInvalidUTF8(in: bytes))
        #expect(bad.line == 3 && bad.column == 2 && bad.byte == 0xFF)
    }

    @Test func acceptsValidText() {
        #expect(NoteLoading.firstInvalidUTF8(in: Array("héllo\n€ 🙂\n".utf8)) == nil)
    }
}
