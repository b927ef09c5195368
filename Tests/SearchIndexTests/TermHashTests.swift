import TestSupport
import Testing

@testable import SearchIndex

/// The tokenizer hands ASCII words to the counter from a padded buffer whose last eight bytes are
/// read whole and masked; every other term is hashed from its exact bytes. Both must agree, or a
/// word would count twice in a note (once plain, once folded from an accented spelling).
@Suite struct TermHashTests {
    @Test func paddedAndExactBytesHashAlike() {
        var random = SeededGenerator(seed: 21)
        for round in 0..<4_000 {
            let count = 1 + random.next(40)
            let word = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next(256)) }
            // Garbage past the word: the padded reading must mask it off.
            var buffer =
                word + (0..<(48 - count)).map { _ in UInt8(truncatingIfNeeded: 1 + random.next(255)) }
            let exact = word.withUnsafeBufferPointer { HashedTerm($0) }
            let padded = buffer.withUnsafeMutableBufferPointer { buffer in
                HashedTerm(padded: buffer.baseAddress!, count: count)
            }
            #expect(padded.hash == exact.hash && padded.head == exact.head, "round \(round), \(count) bytes")
            #expect(Array(padded.bytes) == word)
            let head = (0..<16).map { $0 < count ? UInt64(word[$0]) << UInt64(8 * ($0 % 8)) : 0 }
            #expect(exact.head[0] == head[0..<8].reduce(0, |) && exact.head[1] == head[8...].reduce(0, |))
        }
    }

    /// Plain ASCII text through the tokenizer's fast path against the rule written out: runs of
    /// letters and digits, lower-cased, cut to `maxWordLength`; each term hashed as its bytes are.
    @Test func asciiWordsMatchTheRule() {
        var random = SeededGenerator(seed: 8)
        let pieces = ["a", "Z", "q", "7", "0", " ", "-", "\n", "_", "@", "[", "`", "{", "/", ":"]
        for round in 0..<500 {
            let text = (0..<random.next(300)).map { _ in
                let piece = pieces[random.next(pieces.count)]
                return random.next(8) == 0 ? String(repeating: piece, count: 1 + random.next(50)) : piece
            }.joined()
            var expected: [String] = []
            var word = ""
            for character in text + " " {
                if character.isASCII && (character.isLetter || character.isNumber) {
                    word.append(character)
                } else if !word.isEmpty {
                    expected.append(String(word.lowercased().prefix(SearchTokenizer.maxWordLength)))
                    word = ""
                }
            }
            var terms: [HashedTerm.Copy] = []
            SearchTokenizer.forEachTerm(in: text) { terms.append(HashedTerm.Copy($0)) }
            #expect(terms.map(\.text) == expected, "round \(round)")
            #expect(terms.allSatisfy { $0.matchesItsBytes }, "round \(round)")
        }
    }
}

extension HashedTerm {
    /// A term kept past the tokenizer's call, with whether its hash and head are its bytes'.
    struct Copy {
        let text: String
        let matchesItsBytes: Bool

        init(_ term: HashedTerm) {
            text = String(decoding: term.bytes, as: UTF8.self)
            let exact = HashedTerm(term.bytes)
            matchesItsBytes = exact.hash == term.hash && exact.head == term.head
        }
    }
}

@Suite struct WordScannerTests {
    /// The ASCII fast path hands over to the general walk mid-word or between words: the words it
    /// finds (ranges, whether all ASCII, the lowered bytes) are those of the general walk alone.
    @Test func fastPathFindsTheGeneralWalksWords() {
        var random = SeededGenerator(seed: 31)
        let pieces = ["a", "Z", "7", " ", "-", "é", "\u{301}", "東", "😀", "—", "x", "Q9", "\n", "@", "`"]
        for round in 0..<3_000 {
            var text = (0..<random.next(40)).map { _ in
                let piece = pieces[random.next(pieces.count)]
                return random.next(10) == 0 ? String(repeating: piece, count: 1 + random.next(45)) : piece
            }.joined()
            let (fast, general) = text.withUTF8 { bytes in
                (Self.words(bytes, fast: true), Self.words(bytes, fast: false))
            }
            #expect(fast == general, "round \(round): \(text.debugDescription)")
        }
    }

    static func words(_ bytes: UnsafeBufferPointer<UInt8>, fast: Bool) -> [String] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { lowered in
            var scanner = SearchTokenizer.WordScanner(bytes: bytes, lowered: lowered)
            var found: [String] = []
            while let word = fast ? scanner.next() : scanner.nextByGeneralWalk() {
                let text = UnsafeBufferPointer(rebasing: lowered[..<word.loweredCount])
                let shown = word.isASCII ? String(decoding: text, as: UTF8.self) : "(not ASCII)"
                found.append("\(word.range) \(word.isASCII) \(word.loweredCount) \(shown)")
            }
            return found
        }
    }
}
