import Testing

@testable import SiteBuilder

/// ``ResolvedNote/words(of:enough:)`` stops early; the excerpt made of it is the excerpt of the whole
/// paragraph split at whitespace and joined, on random text with runs of spaces, newlines (CR LF
/// too), combining marks after whitespace and emoji.
@Suite struct SummaryWordsTests {
    /// Up to `count` pieces drawn at random, joined.
    static func randomText(
        of pieces: [String], upTo count: Int, using generator: inout SystemRandomNumberGenerator
    ) -> String {
        (0..<Int.random(in: 0...count, using: &generator)).map { _ in
            pieces.randomElement(using: &generator) ?? ""
        }.joined()
    }

    @Test func excerptOfThePrefixIsTheExcerptOfTheWhole() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "word", "a", "é", "e\u{301}", " ", "  ", "\n", "\r\n", "\t", "\u{301}", "🙂", "👍🏽", "\u{2028}",
            "x.",
        ]
        for _ in 0..<2_000 {
            let text = Self.randomText(of: pieces, upTo: 120, using: &generator)
            let limit = Int.random(in: 1...40, using: &generator)
            let whole = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let prefix = ResolvedNote.words(of: text, enough: limit + 2)
            #expect(Backlinks.excerpt(prefix, limit: limit) == Backlinks.excerpt(whole, limit: limit))
            #expect(whole.utf8.starts(with: prefix.utf8))
        }
    }

    /// A backlink's excerpt made on bytes is the one made by characters: random text of every line
    /// break (LF, VT, FF, CR, CR LF, NEL, LS, PS), spaces and words, ASCII or not, at every limit;
    /// text with a scalar that joins another (a combining mark, an emoji) is left to characters
    /// unless the cut comes before it.
    @Test func byteExcerptIsTheCharactersExcerpt() {
        var generator = SystemRandomNumberGenerator()
        let ascii = [
            "word", "a", " ", "  ", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\t", "x.", "<&>", "\n\n",
        ]
        let beyond = ascii + ["é", "名", "—", "\u{85}", "\u{2028}", "\u{2029}", "e\u{301}", "😀", "\u{200D}"]
        func byCharacters(_ text: String, _ limit: Int) -> String {
            let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            guard flat.count > limit else { return flat }
            let cut = flat.prefix(limit)
            return (cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut) + "…"
        }
        var madeOnBytes = 0
        for round in 0..<6_000 {
            let text = Self.randomText(of: round % 2 == 0 ? ascii : beyond, upTo: 60, using: &generator)
            let limit = Int.random(in: 1...50, using: &generator)
            let onBytes = Backlinks.byteExcerpt(text, limit: limit)
            if onBytes != nil, !text.utf8.allSatisfy({ $0 < 0x80 }) { madeOnBytes += 1 }
            #expect(
                onBytes == nil || onBytes == byCharacters(text, limit), "\(text.debugDescription) \(limit)")
            #expect(Backlinks.excerpt(text, limit: limit) == byCharacters(text, limit))
        }
        // Text beyond ASCII is made on bytes too (about a fifth of it has no joining scalar).
        #expect(madeOnBytes > 200)
        #expect(Backlinks.byteExcerpt("caf\u{E9}", limit: 3) == "caf…")
        #expect(Backlinks.byteExcerpt("cafe\u{301}", limit: 9) == nil)
        #expect(Backlinks.byteExcerpt("cafe\u{301}", limit: 2) == "ca…")
    }

    /// ASCII text takes a path by bytes: its words are exactly the first characters of the whole,
    /// with every ASCII whitespace (vertical tab and form feed too, not the unit separator) a break.
    @Test func asciiWordsArePrefixesOfTheWhole() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["word", "a", " ", "  ", "\n", "\r\n", "\t", "\u{0B}", "\u{0C}", "\u{1F}", "x.", "<&>"]
        for _ in 0..<2_000 {
            let text = Self.randomText(of: pieces, upTo: 80, using: &generator)
            let enough = Int.random(in: 1...60, using: &generator)
            let whole = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            // A space is written with the word after it: a cut just after one takes that word's start.
            let cut = whole.prefix(enough).last == " " ? enough + 1 : enough
            #expect(ResolvedNote.words(of: text, enough: enough) == String(whole.prefix(cut)))
        }
    }

    /// The excerpt of ASCII words is cut by bytes: the same as the excerpt by characters, for words
    /// at, under and over the limit, with and without a space to cut at; non-ASCII words too.
    @Test func excerptOfWordsIsTheExcerpt() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["word", "a", " ", "x.", "<&>", "é", "🙂"]
        for round in 0..<3_000 {
            let ascii = round % 3 != 0
            let text = Self.randomText(
                of: ascii ? Array(pieces.prefix(5)) : pieces, upTo: 40, using: &generator)
            let words = ResolvedNote.words(of: text, enough: 1_000)
            let limit = Int.random(in: 1...50, using: &generator)
            #expect(
                ResolvedNote.excerpt(ofWords: words, limit: limit) == Backlinks.excerpt(words, limit: limit))
        }
        #expect(ResolvedNote.excerpt(ofWords: "ab cd", limit: 4) == "ab…")
        #expect(ResolvedNote.excerpt(ofWords: "abcdef", limit: 4) == "abcd…")
        #expect(ResolvedNote.excerpt(ofWords: "ab cd", limit: 5) == "ab cd")
    }

    @Test func stopsOnceEnoughIsMade() {
        let text = String(repeating: "lorem ipsum ", count: 10_000)
        #expect(ResolvedNote.words(of: text, enough: 162).count < 400)
        #expect(ResolvedNote.words(of: "  two\n\nwords  ", enough: 100) == "two words")
    }
}
