import TestSupport
import Testing

@testable import SearchIndex

/// A run's postings are written into one buffer through its span; these hold them to the plain
/// definition: per term, each note it is in, in order, each number as the decoder reads it.
@Suite struct PostingRunTests {
    @Test func writtenNumbersAreAppendedNumbers() {
        var random = SeededGenerator(seed: 4)
        let edges = [0, 1, 31, 32, 1023, 1024, Int(UInt32.max), Int.max]
        for round in 0..<3_000 {
            let value = round < edges.count ? edges[round] : random.next(1 << random.next(40))
            let counts = SIMD4<UInt32>(
                (0..<4).map { field in
                    random.next(3) == 0 ? 0 : UInt32(truncatingIfNeeded: random.next(1 << random.next(33)))
                })
            // The numbers as the browser's decoder reads them: the gap, the fields' mask with the
            // text's count, then each set field's count.
            let fields = (0..<3).filter { counts[$0] > 0 }
            let numbers =
                [value, Int(counts[3]) << 3 | fields.reduce(0) { $0 | 1 << $1 }]
                + fields.map { Int(counts[$0]) }
            var appended: [UInt8] = []
            PostingList.append(value, to: &appended)
            PostingList.append(counts: counts, to: &appended)
            #expect(
                PostingList.decode(String(decoding: appended, as: UTF8.self)) == numbers, "round \(round)")
            // Written after a byte that must stay as it is.
            var buffer = [UInt8](repeating: 0xAA, count: 1 + PostingList.maxEntryBytes)
            var out = buffer.mutableSpan
            let gap = PostingList.write(value, to: &out, at: 1)
            let written = gap + PostingList.write(counts: counts, to: &out, at: 1 + gap)
            #expect(written <= PostingList.maxEntryBytes)
            #expect(Array(buffer[..<(1 + written)]) == [0xAA] + appended, "round \(round)")
        }
    }

    @Test func runPostingsAreEachTermsNotesInOrder() {
        var random = SeededGenerator(seed: 12)
        for round in 0..<20 {
            let words = (0..<(1 + random.next(300))).map { "w\($0)" }
            let documents = (0..<(1 + random.next(PostingRun.size))).map { number in
                let body = (0..<random.next(60)).map { _ in words[random.next(words.count)] }
                let title = (0..<random.next(3)).map { _ in words[random.next(words.count)] }
                return SearchDocument(
                    title: title.joined(separator: " "), url: "n\(number).html", headings: [],
                    tags: random.next(4) == 0 ? [words[random.next(words.count)]] : [],
                    body: body.joined(separator: " "), text: "")
            }
            let run = PostingRun(documents[...])
            // The plain way: each term's notes, from note 0 (the join writes the first gap so).
            var expected: [String: [UInt8]] = [:]
            var previous: [String: Int] = [:]
            for (offset, document) in documents.enumerated() {
                for entry in document.entries {
                    PostingList.append(
                        offset - (previous[entry.term] ?? -1), to: &expected[entry.term, default: []])
                    PostingList.append(counts: entry.counts, to: &expected[entry.term, default: []])
                    previous[entry.term] = offset
                }
            }
            #expect(Set(run.terms) == Set(expected.keys), "round \(round)")
            for (position, term) in run.terms.enumerated() {
                var list: [UInt8] = []
                let last = run.append(position, ofRun: 0, after: -1, to: &list)
                #expect(list == expected[term], "round \(round), \(term)")
                #expect(last == previous[term])
                #expect(run.hasSamePostings(term, at: position, as: run))
            }
        }
    }
}

@Suite struct PostingJoinTests {
    /// The join of several runs (one buffer, sized first) against each term's list appended run by
    /// run, as `serve` rejoins a term.
    @Test func joinedListsAreEachTermsListOverTheRuns() {
        var random = SeededGenerator(seed: 19)
        for round in 0..<8 {
            let words =
                (0..<(1 + random.next(400))).map { "w\($0)" } + [
                    "é\(round)", String(repeating: "long", count: 6),
                ]
            let documents = (0..<(1 + random.next(3 * PostingRun.size))).map { number in
                let body = (0..<random.next(40)).map { _ in words[random.next(words.count)] }
                return SearchDocument(
                    title: words[random.next(words.count)], url: "n\(number).html", headings: [], tags: [],
                    body: body.joined(separator: " "), text: "")
            }
            let runs = PostingRun.starts(of: documents.count).map {
                PostingRun(documents[$0..<min($0 + PostingRun.size, documents.count)])
            }
            let joined = PostingList.join(runs)
            let expected = Set(runs.flatMap(\.terms)).sorted { PostingList.precedes($0, $1) }
            #expect(joined.terms == expected, "round \(round)")
            for (term, encoded) in zip(joined.terms, joined.encoded) {
                #expect(encoded == String(decoding: PostingList.list(of: term, in: runs), as: UTF8.self))
            }
        }
    }
}
