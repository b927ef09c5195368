import Testing

@testable import SiteBuilder

/// The tokenizer hands ASCII words to the counter from a padded buffer whose last eight bytes are
/// read whole and masked; every other term is hashed from its exact bytes. Both must agree, or a
/// word would count twice in a note (once plain, once folded from an accented spelling).
@Suite struct TermHashTests {
    @Test func paddedAndExactBytesHashAlike() {
        var random = SplitMix64(seed: 21)
        for round in 0..<4_000 {
            let count = 1 + random.next(40)
            let word = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next(256)) }
            // Garbage past the word: the padded reading must mask it off.
            var buffer =
                word + (0..<(48 - count)).map { _ in UInt8(truncatingIfNeeded: 1 + random.next(255)) }
            let exact = word.withUnsafeBufferPointer { HashedTerm($0) }
            let padded = buffer.withUnsafeMutableBufferPointer { buffer in
                HashedTerm(padded: UnsafePointer(buffer.baseAddress!), count: count)
            }
            #expect(padded.hash == exact.hash && padded.head == exact.head, "round \(round), \(count) bytes")
            #expect(Array(padded.bytes) == word)
            let head = (0..<16).map { $0 < count ? UInt64(word[$0]) << UInt64(8 * ($0 % 8)) : 0 }
            #expect(exact.head[0] == head[0..<8].reduce(0, |) && exact.head[1] == head[8...].reduce(0, |))
        }
    }

    @Test func hashesDependOnEveryByteAndTheLength() {
        // Terms that differ in one byte, or only in trailing zero bytes, hash apart.
        var hashes = Set<UInt64>()
        var terms: [[UInt8]] = []
        for length in 1...24 {
            for place in 0..<length { terms.append((0..<length).map { $0 == place ? 0x62 : 0x61 }) }
            terms.append([UInt8](repeating: 0, count: length))
        }
        for term in terms { hashes.insert(term.withUnsafeBufferPointer { TermHash.of($0) }) }
        #expect(hashes.count == terms.count)
    }

    /// Plain ASCII text through the tokenizer's fast path against the rule written out: runs of
    /// letters and digits, lower-cased, cut to `maxWordLength`; each term hashed as its bytes are.
    @Test func asciiWordsMatchTheRule() {
        var random = SplitMix64(seed: 8)
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
