import Testing

@testable import SearchIndex

@Suite struct SearchIndexTests {
    @Test func postingNumbersRoundTrip() {
        var bytes: [UInt8] = []
        let numbers = [0, 1, 31, 32, 33, 1023, 1024, 70_000, 5]
        for number in numbers { PostingList.append(number, to: &bytes) }
        let encoded = String(decoding: bytes, as: UTF8.self)
        #expect(PostingList.decode(encoded) == numbers)
        #expect(encoded.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(encoded.hasPrefix("01VW1"), "0, 1 and 31 take one character each, 32 two")
    }

    @Test func textIsShardedAndBounded() {
        let long = String(repeating: "word ", count: 30_000)
        let documents = (0..<5).map { number in
            SearchDocument(
                title: "Note \(number)", url: "n\(number).html", headings: [], tags: [], body: long,
                text: String(long.prefix(SearchIndex.textLimit)))
        }
        #expect(SearchIndex.shardStarts(documents) == [0, 4])
        let files = SearchIndex.files(for: documents)
        #expect(
            Set(files.keys) == [
                "assets/search-index.js", "assets/search-text/0.js", "assets/search-text/1.js",
            ])
        // The body is indexed whole (up to indexLimit), though only textLimit bytes are kept.
        #expect(documents[0].lengths == [2, 0, 0, 30_000])
        #expect(documents[0].counts(of: "word") == [0, 0, 0, 30_000])
        #expect(documents[0].counts(of: "note") == [1, 0, 0, 0])
    }
}
