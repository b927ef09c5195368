import Testing

@testable import SiteBuilder

/// ``PreviewText/characterCount(_:)`` counts by bytes when the text is ASCII: it must agree with
/// `String.count` on any text, "\r\n" pairs (one character), lone CRs and non-ASCII included.
struct CharacterCountTests {
    @Test func agreesWithStringCount() {
        let pieces = ["a", "word ", "\r", "\n", "\r\n", "é", "e\u{301}", "\t", "12345678", "😀", "<b>"]
        let ascii = ["a", "word ", "\r", "\n", "\r\n", "\t", "12345678"]
        var state: UInt64 = 5
        for round in 0..<4_000 {
            let text = PreviewTextTests.randomText(&state, pieces: round % 2 == 0 ? pieces : ascii)
            #expect(PreviewText.characterCount(text) == text.count, "\(text.debugDescription)")
        }
        // A pair split across the eight-byte words, and a CR at the very end.
        #expect(PreviewText.characterCount("1234567\r\nx") == 9)
        #expect(PreviewText.characterCount("abc\r") == 4)
        #expect(PreviewText.characterCount("") == 0)
    }
}
