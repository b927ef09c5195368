import Testing

@testable import SiteBuilder

/// ``SingleScalarCharacters`` lets summaries count scalars for characters: every scalar it calls
/// standalone must stay a character of its own beside any other (a combining mark, a prepended
/// sign, a regional indicator or a jamo would join), and the scalar paths must make the same words
/// and excerpts as the character paths.
struct SingleScalarCharactersTests {
    @Test func standaloneScalarsStayCharactersBesideOthers() {
        let neighbours = ["a", "\u{E9}", "\u{2014}", "\u{4E2D}", "\u{3042}", "\u{416}", " "]
        var checked = 0
        for value in UInt32(0)...0xFFFF where SingleScalarCharacters.isStandalone(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(scalar)
            for neighbour in neighbours + [alone] {
                #expect((alone + neighbour).count == 2, "U+\(String(value, radix: 16)) before \(neighbour)")
                #expect((neighbour + alone).count == 2, "U+\(String(value, radix: 16)) after \(neighbour)")
            }
            checked += 1
        }
        #expect(checked > 20_000)
    }

    /// The line breaks told by value are those `Character.isNewline` tells, over every scalar.
    @Test func lineBreaksByValueAreCharacterNewlines() {
        var found = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = Character(scalar).isNewline
            if SingleScalarCharacters.isLineBreak(value) != expected {
                Issue.record("U+\(String(value, radix: 16)): isNewline is \(expected)")
            }
            if expected { found += 1 }
        }
        #expect(found == 7)
        #expect(!SingleScalarCharacters.hold("a\u{2028}b", lineBreaks: false))
        #expect(SingleScalarCharacters.hold("a\u{2028}b"))
    }

    @Test func joiningScalarsAreNotStandalone() {
        for text in [
            "e\u{301}", "\u{1F44D}\u{1F3FD}", "a\u{200D}b", "\r\n", "\u{1100}\u{1161}", "\u{1F1EB}\u{1F1F7}",
            "\u{2764}\u{FE0F}", "\u{3099}",
        ] {
            #expect(!SingleScalarCharacters.hold(text), "\(text.debugDescription)")
        }
        #expect(SingleScalarCharacters.hold("caf\u{E9} \u{2014} \u{201C}\u{4E2D}\u{6587}\u{201D}\u{2026}"))
        #expect(!SingleScalarCharacters.hold("a\nb", lineBreaks: false))
        #expect(SingleScalarCharacters.hold("a\nb"))
    }

    @Test func scalarPathsMakeTheCharacterPathsWords() {
        let pieces = [
            "word", "a", "\u{E9}", " ", "  ", "\n", "\t", "\u{A0}", "\u{85}", "\u{2003}", "\u{2019}",
            "\u{2014}",
            "\u{2026}", "\u{4E2D}", "\u{3000}", "\u{3042}", "\u{416}", "\u{3B1}", "\u{20AC}", "\u{2192}",
            "x.",
        ]
        var state: UInt64 = 11
        for _ in 0..<4_000 {
            let text = PreviewTextTests.randomText(&state, pieces: pieces)
            let enough = Int(state >> 58) + 1
            #expect(SingleScalarCharacters.hold(text))
            let words = ResolvedNote.scalarWords(of: text, enough: enough) ?? ""
            #expect(
                words == ResolvedNote.characterWords(of: text, enough: enough), "\(text.debugDescription)")
            let limit = Int(state >> 59) + 1
            #expect(
                ResolvedNote.scalarExcerpt(ofWords: words, limit: limit)
                    == Backlinks.excerpt(words, limit: limit),
                "\(words.debugDescription) \(limit)")
        }
        #expect(
            ResolvedNote.scalarWords(of: " \u{A0}caf\u{E9}\u{3000} \u{4E2D} ", enough: 100)
                == "caf\u{E9} \u{4E2D}")
        #expect(
            ResolvedNote.scalarExcerpt(ofWords: "caf\u{E9} \u{4E2D}\u{6587}", limit: 6) == "caf\u{E9}\u{2026}"
        )
    }
}

extension SingleScalarCharactersTests {
    @Test func whitespaceIsTheCharactersWhitespace() {
        for value in UInt32(0)...0xFFFF where SingleScalarCharacters.isStandalone(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let utf8 = Array(String(scalar).utf8)
            #expect(SingleScalarCharacters.scalarLength(lead: utf8[0]) == utf8.count)
            let standalone = SingleScalarCharacters.isStandalone(utf8: utf8.span)
            #expect(standalone)
            let isWhitespace = SingleScalarCharacters.isWhitespace(utf8.span)
            #expect(isWhitespace == Character(scalar).isWhitespace, "U+\(String(value, radix: 16))")
        }
    }
}
