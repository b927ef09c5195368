import NoteModel
import Testing

@testable import SiteBuilder

/// Text whose scalars are each a Character is counted, cut into lines and truncated on its
/// bytes (``PreviewText/separateScalarCount(_:)``): each scalar it admits must stay a Character
/// beside any other, and the byte paths must give what the Character paths give.
struct SeparateScalarTests {
    /// Every admitted scalar beside a letter, and beside itself (regional indicators and Hangul
    /// jamo join their own kind), is two Characters: no mark, joiner or prepended sign slipped in.
    @Test func everyAdmittedScalarStaysACharacter() {
        var joined: [UInt32] = []
        for value in UInt32(0x80)...0xFFFF where PreviewText.isSeparate(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(Character(scalar))
            if ("a" + alone).count != 2 || (alone + "a").count != 2 || (alone + alone).count != 2 {
                joined.append(value)
            }
        }
        #expect(joined.isEmpty, "\(joined.prefix(20).map { String($0, radix: 16) })")
        // The edges left out: a combining mark, joiners, marks for symbols, a kana sound mark.
        for value: UInt32 in [0x300, 0x483, 0x200C, 0x200D, 0x20D0, 0x302A, 0x3099, 0xFF9E] {
            #expect(!PreviewText.isSeparate(value), "\(String(value, radix: 16))")
        }
    }

    static let pieces = [
        "a", "word ", " ", "\n", "é", "—", "“", "名", "한", "Ω", "→", "e\u{301}", "\r\n", "😀", "\u{200D}",
    ]

    @Test func countsAsStringCountDoes() {
        var state: UInt64 = 11
        for _ in 0..<4_000 {
            let text = PreviewTextTests.randomText(&state, pieces: Self.pieces)
            #expect(PreviewText.characterCount(text) == text.count, "\(text.debugDescription)")
        }
    }

    @Test func longFirstLineIsCutAfterWholeScalars() {
        // A first line longer than the limit is cut after whole scalars.
        #expect(PreviewText.lines(of: "ééé名名\nx", within: 4) == "ééé名\n…\n")
    }

    /// Truncating on bytes against the same cut made by walking Characters.
    @Test func truncatesAsByCharacters() {
        var state: UInt64 = 13
        for _ in 0..<4_000 {
            let string = PreviewTextTests.randomText(&state, pieces: Self.pieces)
            let text = AttributedText(string: string, runs: [TextRun(length: string.utf8.count, span: nil)])
            let limit = Int(state >> 57) % 60
            #expect(
                text.truncated(toCharacters: limit) == Self.truncatedByCharacters(text, limit: limit),
                "\(string.debugDescription) \(limit)")
        }
    }

    /// `truncated(toCharacters:)` as it was written before the byte path, for one run of text.
    static func truncatedByCharacters(_ text: AttributedText, limit: Int) -> AttributedText {
        let string = text.string
        guard string.count > limit else { return text }
        var cut = string.index(string.startIndex, offsetBy: max(0, limit))
        let earliest = string.index(string.startIndex, offsetBy: max(0, limit * 2 / 3))
        if let space = string[earliest..<cut].lastIndex(where: \.isWhitespace) { cut = space }
        while cut > string.startIndex, string[string.index(before: cut)].isWhitespace {
            cut = string.index(before: cut)
        }
        let bytes = string.utf8.distance(from: string.startIndex, to: cut)
        return AttributedText(
            string: String(string[..<cut]) + "…",
            // No run is kept for a cut at the very start.
            runs: (bytes > 0 ? [TextRun(length: bytes, span: nil)] : [])
                + [TextRun(length: "…".utf8.count, span: nil)])
    }
}
