import HTMLText

/// The whole index's postings as the last build joined them, kept by `serve` so that a save joins
/// again only the terms whose postings changed, in the runs of notes that changed, instead of
/// every term of every run (most of a save's time in a large vault).
public struct JoinedPostings: Sendable {
    let runs: [PostingRun]
    /// The vocabulary, sorted by UTF-16 code units, and each term's encoded postings.
    let terms: [String]
    let encoded: [String]
    /// The terms as the script writes them: JSON strings, comma-separated.
    let termList: String
    /// The encoded postings as the script writes them, `blockSize` terms a block: a save that
    /// changes the lists of a few terms writes a few blocks again, not all of them.
    let postingBlocks: [String]
    static let blockSize = 512

    /// The postings of `runs` joined from nothing.
    public init(runs: [PostingRun]) {
        let joined = PostingList.join(runs)
        self.init(runs: runs, terms: joined.terms, encoded: joined.encoded)
    }

    private init(
        runs: [PostingRun], terms: [String], encoded: [String], termList: String? = nil,
        postingBlocks: [String]? = nil
    ) {
        self.runs = runs
        self.terms = terms
        self.encoded = encoded
        self.termList = termList ?? Self.termList(terms)
        self.postingBlocks =
            postingBlocks
            ?? stride(from: 0, to: encoded.count, by: Self.blockSize).map {
                Self.block(encoded, at: $0)
            }
    }

    /// The terms as JSON strings, comma-separated, escaped into one buffer: a literal String per
    /// term, then joined, cost six times as much.
    static func termList(_ terms: [String]) -> String {
        var list: [UInt8] = []
        list.reserveCapacity(terms.reduce(0) { $0 + $1.utf8.count + 3 })
        for (index, term) in terms.enumerated() {
            if index > 0 { list.append(UInt8(ascii: ",")) }
            JSONString.append(term, to: &list)
        }
        return String(decoding: list, as: UTF8.self)
    }

    /// The postings of the terms from `start` on, at most `blockSize`, as JSON strings, copied
    /// into a buffer of their size (three String appends per term showed in profiles).
    static func block(_ encoded: [String], at start: Int) -> String {
        let end = min(start + blockSize, encoded.count)
        let size = encoded[start..<end].reduce(0) { $0 + $1.utf8.count + 3 }
        var block: [UInt8] = []
        block.reserveCapacity(size)
        for index in start..<end {
            if index > start { block.append(UInt8(ascii: ",")) }
            block.append(UInt8(ascii: "\""))
            block.append(contentsOf: encoded[index].utf8)
            block.append(UInt8(ascii: "\""))
        }
        return String(decoding: block, as: UTF8.self)
    }

    /// The postings of `runs`, from these when few runs changed: the same as a join from nothing.
    /// `changed` are the places of the runs whose notes are not those these were joined from.
    public func updated(runs: [PostingRun], changed: [Int]) -> JoinedPostings {
        // Notes added or removed move every later note to another run: join from nothing.
        guard runs.count == self.runs.count else { return JoinedPostings(runs: runs) }
        if changed.isEmpty {
            return JoinedPostings(
                runs: runs, terms: terms, encoded: encoded, termList: termList, postingBlocks: postingBlocks)
        }
        var touched: Set<String> = []
        for index in changed {
            let (old, new) = (self.runs[index], runs[index])
            for (position, term) in new.terms.enumerated()
            where !old.hasSamePostings(term, at: position, as: new) {
                touched.insert(term)
            }
            for term in old.terms where new.numbers.number(of: term) == nil { touched.insert(term) }
        }
        var lists: [String: String] = [:]
        for term in touched {
            let list = PostingList.list(of: term, in: runs)
            if !list.isEmpty { lists[term] = String(decoding: list, as: UTF8.self) }
        }
        // Most saves change how often known words occur: their lists are replaced in place.
        var replaced = encoded
        var blocks = Set<Int>()
        for term in touched {
            guard let place = place(of: term), let list = lists[term] else {
                let merged = merged(touched: touched, lists: lists)
                return JoinedPostings(runs: runs, terms: merged.terms, encoded: merged.encoded)
            }
            replaced[place] = list
            blocks.insert(place / Self.blockSize)
        }
        var postingBlocks = postingBlocks
        for block in blocks { postingBlocks[block] = Self.block(replaced, at: block * Self.blockSize) }
        return JoinedPostings(
            runs: runs, terms: terms, encoded: replaced, termList: termList, postingBlocks: postingBlocks)
    }

    /// Where `term` is in the sorted vocabulary, nil when it is not there.
    private func place(of term: String) -> Int? {
        let low = insertionPoint(of: term)
        return low < terms.count && terms[low] == term ? low : nil
    }

    /// The first place whose term does not precede `term` (a binary search).
    private func insertionPoint(of term: String) -> Int {
        var low = 0
        var high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if PostingList.precedes(terms[middle], term) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// These terms with the touched ones replaced, removed (no list) or added, in sorted order:
    /// the untouched stretches between them copied whole (a save that adds a word touches a few).
    private func merged(touched: Set<String>, lists: [String: String]) -> (terms: [String], encoded: [String])
    {
        // Each touched term at its place: an added one before the term now there, added ones in order.
        let edits = touched.map { term in (place: insertionPoint(of: term), term: term) }.sorted { a, b in
            a.place != b.place ? a.place < b.place : PostingList.precedes(a.term, b.term)
        }
        var merged = (terms: [String](), encoded: [String]())
        let capacity = terms.count + edits.count
        merged.terms.reserveCapacity(capacity)
        merged.encoded.reserveCapacity(capacity)
        var copied = 0
        for edit in edits {
            merged.terms += terms[copied..<edit.place]
            merged.encoded += encoded[copied..<edit.place]
            copied = edit.place
            let known = edit.place < terms.count && terms[edit.place] == edit.term
            if known { copied += 1 }
            guard let list = lists[edit.term] else { continue }
            merged.terms.append(edit.term)
            merged.encoded.append(list)
        }
        merged.terms += terms[copied...]
        merged.encoded += encoded[copied...]
        return merged
    }
}
