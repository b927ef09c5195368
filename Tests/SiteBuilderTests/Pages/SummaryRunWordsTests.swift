import Testing

@testable import SiteBuilder

/// ``ResolvedNote/runWords(of:enough:)`` copies runs of characters where the reference appends
/// each: the same words, byte for byte, on random text with runs of whitespace (CR LF, line
/// separators), combining marks after whitespace and at the start, emoji and ASCII.
struct SummaryRunWordsTests {
    @Test func runsMakeTheCharactersWords() {
        let pieces = [
            "word", "a", "é", "e\u{301}", " ", "  ", "\n", "\r\n", "\t", "\u{301}", "🙂", "👍🏽", "\u{2028}",
            "x.", "\u{A0}", "ß",
        ]
        var state: UInt64 = 3
        for _ in 0..<4_000 {
            let text = PreviewTextTests.randomText(&state, pieces: pieces)
            let enough = Int(state >> 58) + 1
            #expect(
                ResolvedNote.runWords(of: text, enough: enough)
                    == ResolvedNote.characterWords(of: text, enough: enough),
                "\(text.debugDescription) \(enough)")
        }
        #expect(ResolvedNote.runWords(of: "  é  b\u{301}c ", enough: 100) == "é b\u{301}c")
    }
}
