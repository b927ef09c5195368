import Testing

@testable import SiteBuilder

/// The vocabulary sorted by its terms' first bytes, against a sort by UTF-16 code units.
@Suite struct VocabularyOrderTests {
    @Test func keyedOrderIsUTF16Order() {
        var random = LayoutRandom(seed: 17)
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
}

@Suite struct TermLiteralTests {
    /// The quick quoting of a literal that needs no escape against the escaper, on terms and on
    /// what a term never is.
    @Test func termLiteralsAreJSONStrings() {
        var random = LayoutRandom(seed: 23)
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
