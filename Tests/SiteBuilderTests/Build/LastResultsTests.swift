import Testing

@testable import SiteBuilder

/// `serve`'s per-note results from the last build, found by the very note object they were made from.
@Suite struct LastResultsTests {
    private func note(_ path: String, _ text: String = "words") -> SourceNote {
        NoteLoading.parse(path, bytes: Array(text.utf8), displayName: path)
    }

    @Test func aNoteAtItsPlaceOrMovedGetsItsResultBack() throws {
        let (a, b, c) = (note("a.md"), note("b.md"), note("c.md"))
        let results = LastResults<SourceNote, String>()
        results.remember(["A", "B", "C"], from: [a, b, c])
        let made = try #require(results.made())
        #expect(made.value(for: b, at: 1) == "B")
        // A note added before b moves it one place on: found all the same.
        #expect(made.value(for: b, at: 2) == "B")
        #expect(made.value(for: c, at: 0) == "C")
    }

    @Test func aChangedNoteIsANewObjectAndGetsNothing() throws {
        let a = note("a.md")
        let results = LastResults<SourceNote, String>()
        results.remember(["A"], from: [a])
        let made = try #require(results.made())
        // Same path, same place, even the same text: another object is another version of the note.
        #expect(made.value(for: note("a.md"), at: 0) == nil)
        #expect(made.value(for: note("z.md"), at: 5) == nil)
    }

    @Test func theContextAndThePageMustMatchToo() throws {
        let a = note("a.md")
        let results = LastResults<SourceNote, String>()
        results.remember(
            ["A"], from: [a], pages: ["a.html"], keys: [ContentKey(7)], context: ContentKey("links"))
        #expect(results.made(context: ContentKey("other links")) == nil)
        let made = try #require(results.made(context: ContentKey("links")))
        #expect(made.value(for: a, at: 0, page: "a.html") == "A")
        #expect(made.value(for: a, at: 0, page: "a/index.html") == nil, "the note's page moved")
        #expect(made.keyed(for: a, at: 0)?.key == ContentKey(7))
    }

    @Test func onlyTheLastBuildIsKept() throws {
        let (a, b) = (note("a.md"), note("b.md"))
        let results = LastResults<SourceNote, String>()
        results.remember(["A"], from: [a])
        results.remember(["B"], from: [b])
        let made = try #require(results.made())
        #expect(made.value(for: a, at: 0) == nil)
        #expect(made.value(for: b, at: 0) == "B")
    }
}
