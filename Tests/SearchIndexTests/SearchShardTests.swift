import Foundation
import HTMLText
import TestSupport
import Testing

@testable import SearchIndex

/// Text shards are written as bytes, each note's text escaped straight into the script; they must
/// be the script as first written: the texts' JSON literals joined into one String.
@Suite struct SearchShardTests {
    /// The shard as first written.
    static func reference(_ number: Int, _ documents: ArraySlice<SearchDocument>) -> Data {
        let texts = documents.map { document in
            JSONString.literal(String(decoding: document.text, as: UTF8.self))
        }.joined(separator: ",\n")
        return Data(
            "(window.notesiteSearchText=window.notesiteSearchText||{})[\(number)]=[\n\(texts)\n];\n".utf8)
    }

    @Test func shardsAreTheJoinedLiterals() {
        var random = SeededGenerator(seed: 12)
        // Plain words, characters JSON or a script escapes, and U+2028/U+2029 beside other E2 bytes.
        let pieces = [
            "word", " ", "\"", "\\", "<", ">", "&", "\n", "\t", "\u{1}", "é", "\u{2028}", "\u{2029}", "—",
            "東",
        ]
        for round in 0..<300 {
            let documents = (0..<random.next(6)).map { _ in
                let text = (0..<random.next(40)).map { _ in pieces[random.next(pieces.count)] }.joined()
                return SearchDocument(title: "t", url: "u.html", headings: [], tags: [], body: "", text: text)
            }
            let number = random.next(30)
            #expect(
                SearchIndex.shardScript(number, documents[...]) == Self.reference(number, documents[...]),
                "round \(round)")
        }
    }

    /// The vocabulary as the script lists it: the terms' literals joined by commas.
    @Test func termListIsTheJoinedLiterals() {
        var random = SeededGenerator(seed: 14)
        let pieces = ["a", "Z9", "\"", "\\", "<", "&", "\u{1}", "é", "\u{2028}", "\u{2027}", "東", "😀"]
        for round in 0..<300 {
            let terms = (0..<random.next(30)).map { _ in
                (0..<random.next(5)).map { _ in pieces[random.next(pieces.count)] }.joined()
            }
            let expected = terms.map { JSONString.literal($0) }.joined(separator: ",")
            #expect(JoinedPostings.termList(terms) == expected, "round \(round)")
        }
    }

    /// A block of encoded postings against the quoted lists joined by commas, from every kind of
    /// start: the first list, inside the lists, the last block's few lists, past the end.
    @Test func postingBlocksAreTheJoinedQuotedLists() {
        var random = SeededGenerator(seed: 17)
        let digits = Array("0123456789ABCxyz-_")
        for round in 0..<40 {
            let encoded = (0..<random.next(1_300)).map { _ in
                // Short lists (small Strings) and long ones (stored apart).
                String(
                    (0..<(random.next(4) == 0 ? random.next(40) : random.next(6))).map { _ in
                        digits[random.next(digits.count)]
                    })
            }
            for start in [
                0, random.next(max(1, encoded.count)), min(JoinedPostings.blockSize, encoded.count),
                encoded.count,
            ] {
                let end = min(start + JoinedPostings.blockSize, encoded.count)
                let expected =
                    start < end ? encoded[start..<end].map { "\"\($0)\"" }.joined(separator: ",") : ""
                #expect(JoinedPostings.block(encoded, at: start) == expected, "round \(round), from \(start)")
            }
        }
    }

    /// A note's row of the index against the interpolated Strings it was first made of.
    @Test func rowsAreTheInterpolatedLiterals() {
        var random = SeededGenerator(seed: 15)
        let pieces = ["a", "Z9", "\"", "\\", "<", "&", "\u{1}", "é", "\u{2028}", " ", "/", "東"]
        for round in 0..<500 {
            func text() -> String {
                (0..<random.next(8)).map { _ in pieces[random.next(pieces.count)] }.joined()
            }
            let (title, url) = (text(), text())
            let lengths = (0..<4).map { _ in random.next(4) == 0 ? 0 : random.next(1 << (4 * random.next(8)))
            }
            let expected =
                "[\(JSONString.literal(title)),\(JSONString.literal(url)),"
                + lengths.map(String.init).joined(separator: ",") + "]"
            #expect(
                SearchDocument.row(title: title, url: url, lengths: lengths) == expected, "round \(round)")
        }
        #expect(
            SearchDocument.row(title: "", url: "", lengths: [-12, 0, 10, Int.max])
                == "[\"\",\"\",-12,0,10,\(Int.max)]")
    }

    /// Terms numbered from their bytes (a run's) against the same terms numbered as Strings.
    @Test func termsNumberAlikeFromBytesAndStrings() {
        var random = SeededGenerator(seed: 16)
        let pieces = ["a", "ab", "abcdefgh", "é", "東", "9", "z"]
        for round in 0..<60 {
            var byBytes = TermNumbers()
            var byStrings = TermNumbers()
            for _ in 0..<random.next(2_000) {
                let term = (0..<random.next(7)).map { _ in pieces[random.next(pieces.count)] }.joined()
                let hash = HashedTerm.digest(term.utf8.span)
                let fromBytes = byBytes.number(of: term.utf8.span, hash: hash)
                let fromString = byStrings.number(of: term, hash: hash)
                #expect(fromBytes == fromString, "round \(round): \(term)")
                #expect(byBytes.number(of: term) == fromString.number)
            }
            #expect(byBytes.terms == byStrings.terms, "round \(round)")
        }
    }
}
