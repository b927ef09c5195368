import HTMLText
import TestSupport
import Testing

@testable import SearchIndex

/// The vocabulary sorted by its terms' first bytes, against a sort by UTF-16 code units.
@Suite struct VocabularyOrderTests {
    @Test func keyedOrderIsUTF16Order() {
        var random = SeededGenerator(state: 17)
        let alphabet =
            SearchOrderTests.alphabet + ["\u{0}", "\u{7F}", "\u{80}", "\u{FFFF}", "\u{EE00}", "a", "a"]
        for round in 0..<30 {
            let terms = Array(
                Set(
                    (0..<(1 + Int(random.next() % 600))).map { _ in
                        String(
                            (0..<(1 + Int(random.next() % 12))).map { _ in
                                alphabet[Int(random.next() % UInt64(alphabet.count))]
                            })
                    }))
            let sorted = VocabularyOrder.order(of: terms).map { terms[$0] }
            #expect(sorted == terms.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }, "round \(round)")
        }
    }

    /// Terms whose first eight bytes are alike (equal keys, compared whole), or differ only in a
    /// NUL byte against the term's end, and characters whose lead bytes the keys move.
    @Test func equalKeysAreOrderedByTheWholeTerms() {
        var random = SeededGenerator(state: 19)
        let heads = [
            "abcdefgh", "abcdefg", "abc\u{0}", "abc", "ab\u{E000}", "ab😀", "ab\u{FFFF}", "\u{10FFFF}",
        ]
        let tails = ["", "\u{0}", "a", "é", "\u{E000}", "😀", "\u{0}a", "b\u{10000}"]
        for round in 0..<50 {
            let terms = Array(
                Set(
                    (0..<(1 + Int(random.next() % 200))).map { _ in
                        heads[Int(random.next() % UInt64(heads.count))]
                            + (0..<Int(random.next() % 3)).map { _ in
                                tails[Int(random.next() % UInt64(tails.count))]
                            }
                            .joined()
                    }))
            let sorted = VocabularyOrder.order(of: terms).map { terms[$0] }
            #expect(sorted == terms.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }, "round \(round)")
        }
        #expect(VocabularyOrder.sortedByKey([]) == [])
        #expect(VocabularyOrder.sortedByKey([3 << 56, 1, 3 << 56 | 1, 0, 1]) == [3, 1, 4, 0, 2])
    }
}

@Suite struct TermLiteralTests {
    /// The quick quoting of a literal that needs no escape against the escaper, on terms and on
    /// what a term never is.
    @Test func termLiteralsAreJSONStrings() {
        var random = SeededGenerator(state: 23)
        let pieces =
            SearchOrderTests.alphabet.map(String.init) + [
                "\"", "\\", "<", ">", "&", "\u{1}", "\u{2028}", "\u{2029}", "\u{2027}", "⁂", "Z", "@", "[",
                "`", "{",
            ]
        for round in 0..<3_000 {
            let term = (0..<(Int(random.next() % 6))).map { _ in
                pieces[Int(random.next() % UInt64(pieces.count))]
            }
            .joined()
            var escaped: [UInt8] = []
            JSONString.append(term, to: &escaped)
            #expect(
                JSONString.literal(term) == String(decoding: escaped, as: UTF8.self),
                "round \(round): \(term.debugDescription)")
        }
    }
}
