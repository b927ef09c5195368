/// The postings of a run of consecutive notes, made so that runs join into the whole index's
/// postings (``PostingList``) without reading a note again: `serve` keeps each run until one of
/// its notes changes, so a save encodes one run of notes, not the vault.
public struct PostingRun: Sendable {
    /// Notes per run: small enough that a save redoes little, large enough that joining the runs
    /// meets each common term a few dozen times, not once per note.
    static let size = 256

    /// Every term of the run, numbered in the order first met.
    private(set) var numbers = TermNumbers()
    var terms: [String] { numbers.terms }
    /// Per term, the run-relative number of the first and the last note it is in.
    private(set) var first: [Int32] = []
    private(set) var last: [Int32] = []
    /// Per term, its encoded postings in the run after the first note's gap (which depends on the
    /// runs before, so the join writes it): all terms' one after another, term `n`'s from
    /// `tailStarts[n]` to `tailStarts[n + 1]`. (An array per term was an allocation per term and a
    /// checked append per digit.)
    private(set) var tailBytes: [UInt8] = []
    private(set) var tailStarts: [Int] = []
    /// The run's rows of the index's `docs`, joined: a save joins the runs' rows, not every note's.
    let rows: String

    init(_ documents: ArraySlice<SearchDocument>) {
        rows = documents.map(\.row).joined(separator: ",\n")
        let termOfEntry = Self.numberTerms(of: documents, into: &numbers)
        // Per term, how many notes it is in: counted after, not as each term is met (through
        // three arrays, that was most of numbering an entry).
        var notesOfTerm = [Int](repeating: 0, count: numbers.count)
        do {
            var notes = notesOfTerm.mutableSpan
            for term in termOfEntry { notes[Int(term)] &+= 1 }
        }
        let postings = Self.byTerm(documents, termOfEntry: termOfEntry, notesOfTerm: notesOfTerm)
        first.reserveCapacity(notesOfTerm.count)
        last.reserveCapacity(notesOfTerm.count)
        var start = 0
        for count in notesOfTerm {
            first.append(postings[start].note)
            last.append(postings[start + count - 1].note)
            start += count
        }
        (tailBytes, tailStarts) = Self.encode(postings, notesOfTerm: notesOfTerm)
    }

    /// Each entry's term, numbered in `numbers` in the order first met.
    private static func numberTerms(of documents: ArraySlice<SearchDocument>, into numbers: inout TermNumbers)
        -> [Int32]
    {
        var termOfEntry: [Int32] = []
        termOfEntry.reserveCapacity(documents.reduce(0) { $0 + $1.counted.count })
        for document in documents {
            let termBytes = document.termBytes
            let bytes = termBytes.span
            for entry in document.counted {
                let start = Int(entry.start)
                let term = bytes.extracting(start..<start &+ Int(entry.length))
                termOfEntry.append(Int32(numbers.number(of: term, hash: entry.hash).number))
            }
        }
        return termOfEntry
    }

    /// One note's posting of a term: the note's run-relative number and the term's counts in it.
    private struct Posting {
        var note: Int32
        var counts: SIMD4<UInt32>
    }

    /// The entries of `documents` grouped by term, in term order, each term's in note order (a
    /// counting sort), written through buffers.
    private static func byTerm(
        _ documents: ArraySlice<SearchDocument>, termOfEntry: [Int32], notesOfTerm: [Int]
    ) -> [Posting] {
        var place: [Int] = []
        place.reserveCapacity(notesOfTerm.count)
        var total = 0
        for count in notesOfTerm {
            place.append(total)
            total += count
        }
        var postings = [Posting](repeating: Posting(note: 0, counts: .zero), count: total)
        do {
            var out = postings.mutableSpan
            var place = place.mutableSpan
            let termOfEntry = termOfEntry.span
            var index = 0
            for (offset, document) in documents.enumerated() {
                for entry in document.counted {
                    let term = Int(termOfEntry[index])
                    out[place[term]] = Posting(note: Int32(offset), counts: entry.counts)
                    place[term] &+= 1
                    index &+= 1
                }
            }
        }
        return postings
    }

    /// Each term's postings after its first note's gap, written one after another into one buffer;
    /// and where each term's start, with the end after the last.
    private static func encode(_ postings: [Posting], notesOfTerm: [Int]) -> (bytes: [UInt8], starts: [Int]) {
        var starts: [Int] = []
        starts.reserveCapacity(notesOfTerm.count + 1)
        // Zeros ahead, grown (doubling) before a term whose most could pass them: zeroing the most
        // every posting can take cost 3.8M instructions, where a posting takes about three bytes.
        var bytes = [UInt8](repeating: 0, count: 4 * postings.count + 256)
        var end = 0
        var index = 0
        for count in notesOfTerm {
            starts.append(end)
            let most = end + count * PostingList.maxEntryBytes
            if most > bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: max(most, 2 * bytes.count) - bytes.count))
            }
            var out = bytes.mutableSpan
            let postings = postings.span
            for posting in 0..<count {
                let current = postings[index &+ posting]
                if posting > 0 {
                    let gap = Int(current.note &- postings[index &+ posting &- 1].note)
                    end &+= PostingList.write(gap, to: &out, at: end)
                }
                end &+= PostingList.write(counts: current.counts, to: &out, at: end)
            }
            index &+= count
        }
        starts.append(end)
        bytes.removeSubrange(end...)
        return (bytes, starts)
    }

    /// Term `position`'s encoded postings after its first note's gap.
    private func tail(_ position: Int) -> ArraySlice<UInt8> {
        tailBytes[tailStarts[position]..<tailStarts[position + 1]]
    }

    /// Whether `term` has the same postings in this run as at `position` of `other`.
    func hasSamePostings(_ term: String, at position: Int, as other: PostingRun) -> Bool {
        guard let mine = numbers.number(of: term) else { return false }
        return first[mine] == other.first[position] && last[mine] == other.last[position]
            && tail(mine) == other.tail(position)
    }

    /// Appends the term's postings in this run (run number `index`) to `list`, after those of the
    /// runs before, the last note of which was `previous`; returns this run's last note.
    func append(_ position: Int, ofRun index: Int, after previous: Int, to list: inout [UInt8]) -> Int {
        let base = index * Self.size
        PostingList.append(base + Int(first[position]) - previous, to: &list)
        list.append(contentsOf: tail(position))
        return base + Int(last[position])
    }

    /// The bytes of term `position`'s postings after its first note's gap.
    func tailCount(_ position: Int) -> Int { tailStarts[position + 1] - tailStarts[position] }

    /// ``append(_:ofRun:after:to:)`` into `out` from `start`, with room for it
    /// (`PostingList.maxGapBytes` and `tailCount(position)`); returns this run's last note and the
    /// bytes written.
    func write(
        _ position: Int, ofRun index: Int, after previous: Int, to out: inout MutableSpan<UInt8>,
        at start: Int
    ) -> (last: Int, count: Int) {
        let base = index * Self.size
        let gap = PostingList.write(base + Int(first[position]) - previous, to: &out, at: start)
        let tail = tailBytes.span
        var target = start &+ gap
        for source in tailStarts[position]..<tailStarts[position + 1] {
            out[target] = tail[source]
            target &+= 1
        }
        return (base + Int(last[position]), target &- start)
    }

    /// The runs of `documents`, each `size` notes (the last may hold fewer).
    static func starts(of count: Int) -> StrideTo<Int> { stride(from: 0, to: count, by: size) }
}
