import Foundation
import TestSupport
import Testing

@testable import SearchIndex

/// The vocabulary's order and the snippet text, made by bytes for speed, against their plain
/// definitions on random text with the characters where the shortcuts could go wrong.
@Suite struct SearchOrderTests {
    /// Characters where UTF-8 and UTF-16 orders part (past U+FFFF against U+E000 to U+FFFF) and
    /// around them, ASCII, white space of every kind the snippet folds, and two-byte letters.
    static let alphabet: [Character] = [
        "a", "b", "z", "0", " ", "\n", "\t", "\r", "\u{0C}", "é", "ß", "\u{D7FF}", "\u{E000}", "\u{FB01}",
        "\u{FFFD}", "\u{10000}", "😀", "\u{10FFFF}", "東", "\u{01}", "\u{0B}", "\u{1F}", "!",
    ]

    static func randomText(_ random: inout SeededGenerator, length: Int) -> String {
        String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }

    /// JavaScript's order, not the code points': a character past U+FFFF (a surrogate pair in
    /// UTF-16) sorts before U+E000, and a prefix first.
    @Test func termsSortInUTF16Order() {
        #expect(PostingList.precedes("\u{10000}", "\u{E000}"), "a surrogate pair sorts before U+E000")
        #expect(!PostingList.precedes("\u{E000}", "\u{10000}"))
        #expect(PostingList.precedes("ab", "abc") && !PostingList.precedes("abc", "abc"))
    }

    /// The snippet text as first written: byte by byte into an array.
    static func plainText(of blocks: [String]) -> String {
        var bytes: [UInt8] = []
        var lastWordEnd = 0
        for block in blocks {
            for byte in block.utf8 {
                if [0x20, 0x0A, 0x09, 0x0D, 0x0C].contains(byte) {
                    if let last = bytes.last, last != 0x20 {
                        lastWordEnd = bytes.count
                        bytes.append(0x20)
                    }
                } else {
                    bytes.append(byte)
                }
                if bytes.count > SearchIndex.textLimit {
                    return String(decoding: bytes[..<lastWordEnd], as: UTF8.self)
                }
            }
            if let last = bytes.last, last != 0x20 {
                lastWordEnd = bytes.count
                bytes.append(0x20)
            }
        }
        if bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every byte value in every place of a chunk, after and before bytes a borrow could reach:
    /// the bytes counted are those before the first up to 0x20, and all eight are copied.
    @Test func plainBytesStopAtTheFirstPossibleSpace() {
        for byte in 0...255 {
            for place in 0..<8 {
                for filler: UInt8 in [0x21, 0x20, 0x00, 0x80, 0xFF] {
                    var chunk = [UInt8](repeating: 0x61, count: 8)
                    chunk[place] = UInt8(byte)
                    for after in (place + 1)..<8 { chunk[after] = filler }
                    let expected = chunk.firstIndex { $0 <= 0x20 } ?? 8
                    var copy = [UInt8](repeating: 0, count: 8)
                    var span = copy.mutableSpan
                    var target = span.mutableBytes
                    let plain = SnippetText.copyPlain(from: chunk.span.bytes, at: 0, to: &target, at: 0)
                    #expect(plain == expected, "byte \(byte) at \(place), then \(filler)")
                    #expect(copy == chunk)
                }
            }
        }
    }

    @Test func snippetTextFoldsSpacesAndCutsBeforeAWord() {
        var random = SeededGenerator(state: 8)
        let limit = SearchIndex.textLimit
        for round in 0..<300 {
            // Around the limit: blocks ending just before, at and after it, and empty ones.
            let count = Int(random.next() % 5)
            let total = round < 150 ? limit - 40 + Int(random.next() % 80) : Int(random.next() % 200)
            let blocks = (0..<count).map { _ in
                Self.randomText(&random, length: Int(random.next() % UInt64(total / max(count, 1) + 1)))
            }
            #expect(SearchIndex.text(of: blocks) == Self.plainText(of: blocks), "round \(round)")
        }
        let exact = String(repeating: "w", count: limit)
        #expect(SearchIndex.text(of: [exact, "x y"]) == exact)
        #expect(SearchIndex.text(of: [String(repeating: "w", count: limit - 1), "x y"]).hasSuffix("w"))
        #expect(SearchIndex.text(of: []) == "" && SearchIndex.text(of: ["", " \n "]) == "")
    }
}

extension SearchIndex {
    /// The snippet text of blocks given as strings, as ``SnippetText`` writes a note's.
    fileprivate static func text(of blocks: [String]) -> String {
        let bytes = SnippetText.write { snippet in
            for block in blocks { snippet.appendBlock(block.utf8.span) }
        }
        // The bytes are left unchecked by the build: they must be valid UTF-8 as they stand.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            Issue.record("the snippet text is not valid UTF-8: \(bytes)")
            return ""
        }
        return text
    }
}
