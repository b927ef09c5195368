import Testing

@testable import SearchIndex

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
        #expect(terms("𝔘𝔫𝔦 x") == ["uni", "x"], "letters outside the first plane")
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
        // An accent after the cut still makes the word one to fold, cut at the same length.
        #expect(terms(long + "é") == [String(long.prefix(SearchTokenizer.maxWordLength))])
    }
}

@Suite struct TermCounterTests {
    @Test func countsEveryTermPerFieldInFirstMetOrder() {
        // 5,000 distinct terms make the table grow many times; each is met once per field it is in.
        let words = (0..<5_000).map { "w\($0)" }
        let document = SearchDocument(
            title: "w7 Title", url: "a.html", headings: ["w7 w4999"], tags: ["w7"],
            body: words.joined(separator: " ")
                + " w7 Café cafe naïvenaïvenaïvenaïve naivenaivenaivenaive Crèmebrûlée cremebrulee", text: "")
        #expect(document.entries.count == 5_004)
        #expect(Array(document.entries.prefix(3).map(\.term)) == ["w7", "title", "w4999"])
        #expect(document.counts(of: "w7") == [1, 1, 1, 2])
        #expect(document.counts(of: "w4999") == [0, 1, 0, 1])
        #expect(document.counts(of: "w0") == [0, 0, 0, 1])
        #expect(document.counts(of: "cafe") == [0, 0, 0, 2], "a folded word counts with its plain spelling")
        #expect(document.counts(of: "naivenaivenaivenaive") == [0, 0, 0, 2], "and a long one")
        #expect(document.counts(of: "cremebrulee") == [0, 0, 0, 2])
        #expect(document.lengths == [2, 2, 1, 5_007])
    }
}
