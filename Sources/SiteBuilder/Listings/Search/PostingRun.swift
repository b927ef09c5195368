/// The postings of a run of consecutive notes, made so that runs join into the whole index's
/// postings (``PostingList``) without reading a note again: `serve` keeps each run until one of
/// its notes changes, so a save encodes one run of notes, not the vault.
struct PostingRun: Sendable {
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
    /// runs before, so the join writes it).
    private(set) var tails: [[UInt8]] = []
    /// The run's rows of the index's `docs`, joined: a save joins the runs' rows, not every note's.
    let rows: String

    init(_ documents: ArraySlice<SearchDocument>) {
        rows = documents.map(\.row).joined(separator: ",\n")
        for (offset, document) in documents.enumerated() {
            for entry in document.entries {
                let (number, isNew) = numbers.number(of: entry.term, hash: entry.hash)
                if isNew {
                    first.append(Int32(offset))
                    last.append(0)
                    tails.append([])
                } else {
                    PostingList.append(offset - Int(last[number]), to: &tails[number])
                }
                last[number] = Int32(offset)
                PostingList.append(counts: entry.counts, to: &tails[number])
            }
        }
    }

    /// Whether `term` has the same postings in this run as at `position` of `other`.
    func hasSamePostings(_ term: String, at position: Int, as other: PostingRun) -> Bool {
        guard let mine = numbers.number(of: term) else { return false }
        return first[mine] == other.first[position] && last[mine] == other.last[position]
            && tails[mine] == other.tails[position]
    }

    /// Appends the term's postings in this run (run number `index`) to `list`, after those of the
    /// runs before, the last note of which was `previous`; returns this run's last note.
    func append(_ position: Int, ofRun index: Int, after previous: Int, to list: inout [UInt8]) -> Int {
        let base = index * Self.size
        PostingList.append(base + Int(first[position]) - previous, to: &list)
        list.append(contentsOf: tails[position])
        return base + Int(last[position])
    }

    /// The runs of `documents`, each `size` notes (the last may hold fewer).
    static func starts(of count: Int) -> StrideTo<Int> { stride(from: 0, to: count, by: size) }
}
