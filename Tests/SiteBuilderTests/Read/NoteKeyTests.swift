import Testing

@testable import SiteBuilder

@Suite struct NoteKeyTests {
    /// A note's key follows its bytes: the same text the same key; one byte more or another
    /// normalization of the same characters, another key.
    @Test func noteKeysFollowTheBytes() {
        func note(_ text: String) -> SourceNote {
            NoteLoading.parse("a.md", bytes: Array(text.utf8), displayName: "a.md")
        }
        #expect(note("# Caf\u{E9}\n\nText.").key == note("# Caf\u{E9}\n\nText.").key)
        #expect(note("# Caf\u{E9}\n\nText.").key != note("# Cafe\u{301}\n\nText.").key)
        #expect(note("# Title\n\nText.").key != note("# Title\n\nText. ").key)
    }
}
