/// The postings of a run of consecutive notes, made so that runs join into the whole index's
/// postings (``PostingList``) without reading a note again: `serve` keeps each run until one of
/// its notes changes, so a save encodes one run of notes, not the vault.
struct PostingRun: Sendable {
    /// Notes per run: small enough that a save redoes little, large enough that joining the runs
    /// meets each common term a few dozen times, not once per note.
    static let size = 256

    /// Every term of the run, in the order first met.
    private(set) var terms: [String] = []
    /// Each term's place in `terms`.
    private(set) var positions: [String: Int] = [:]
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
        var numbers: [String: Int] = [:]
        defer { positions = numbers }
        for (offset, document) in documents.enumerated() {
            for entry in document.entries {
                // One lookup that adds the term when it is new (looking up, then adding, hashed twice).
                let next = terms.count
                let number = Self.number(of: entry.term, in: &numbers, next: next)
                if number < next {
                    PostingList.append(offset - Int(last[number]), to: &tails[number])
                } else {
                    terms.append(entry.term)
                    first.append(Int32(offset))
                    last.append(0)
                    tails.append([])
                }
                last[number] = Int32(offset)
                PostingList.append(counts: entry.counts, to: &tails[number])
            }
        }
    }

    /// The number of `term` in `numbers`, given `next` (and stored) when it has none yet.
    static func number(of term: String, in numbers: inout [String: Int], next: Int) -> Int {
        func read(_ value: inout Int) -> Int { value }
        return read(&numbers[term, default: next])
    }

    /// Whether `term` has the same postings in this run as at `position` of `other`.
    func hasSamePostings(_ term: String, at position: Int, as other: PostingRun) -> Bool {
        guard let mine = positions[term] else { return false }
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
