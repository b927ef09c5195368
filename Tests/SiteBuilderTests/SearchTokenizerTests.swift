import Testing

@testable import SiteBuilder

@Suite struct SearchTokenizerTests {
    func terms(_ text: String) -> [String] { SearchTokenizer.terms(in: text) }

    @Test func caseAndAccentsFold() {
        #expect(terms("Café CAFÉ café") == ["cafe", "cafe", "cafe"])
        #expect(terms("Ångström naïve Crème brûlée") == ["angstrom", "naive", "creme", "brulee"])
        // Decomposed input (e + combining acute) folds the same as precomposed.
        #expect(terms("Cafe\u{0301}") == ["cafe"])
        #expect(terms("ΟΔΟΣ οδός") == ["οδοσ", "οδοσ"], "final sigma is sigma")
        #expect(terms("Straße İstanbul") == ["straße", "istanbul"])
    }

    @Test func compatibilityForms() {
        #expect(terms("ﬁle ＡＢＣ１２") == ["file", "abc12"], "ligatures and full-width letters")
    }

    @Test func punctuationSplitsWords() {
        #expect(
            terms("well-known, don't (x_y) a.b/c #tag 3.14") == [
                "well", "known", "don", "t", "x", "y", "a", "b", "c", "tag", "3", "14",
            ])
        #expect(terms("  \n\t") == [])
        #expect(terms("—·‼︎") == [])
    }

    @Test func marksStayWithTheirLetters() {
        // A mark with no letter before it is not a word; Devanagari keeps its spacing vowel signs.
        #expect(terms("\u{0301}abc") == ["abc"])
        // Spacing vowel signs stay, the virama (a non-spacing mark) goes, as accents do.
        #expect(terms("हिन्दी") == ["\u{939}\u{93F}\u{928}\u{926}\u{940}"])
    }

    @Test func chineseJapaneseKoreanBecomePairs() {
        #expect(terms("東京都") == ["東京", "京都", "都"])
        #expect(terms("東") == ["東"])
        #expect(terms("iPhone手机") == ["iphone", "手机", "机"])
        #expect(terms("カタカナ") == ["カタ", "タカ", "カナ", "ナ"])
        #expect(terms("한국어 검색") == ["한국", "국어", "어", "검색", "색"])
        // Half-width katakana folds to full width.
        #expect(terms("ｶﾀ") == ["カタ", "タ"])
    }

    @Test func longWordsAreCut() {
        let long = String(repeating: "ab", count: 50)
        #expect(terms(long + " next") == [String(long.prefix(SearchTokenizer.maxWordLength)), "next"])
    }
}
