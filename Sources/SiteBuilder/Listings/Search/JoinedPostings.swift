/// The whole index's postings as the last build joined them, kept by `serve` so that a save joins
/// again only the terms whose postings changed, in the runs of notes that changed, instead of
/// every term of every run (most of a save's time in a large vault).
struct JoinedPostings: Sendable {
    let runs: [PostingRun]
    /// Each run's key: the keys of its notes.
    let runKeys: [ContentKey]
    /// The vocabulary, sorted by UTF-16 code units, and each term's encoded postings.
    let terms: [String]
    let encoded: [String]

    /// The postings of `runs` joined from nothing.
    init(runs: [PostingRun], keys: [ContentKey]) {
        let joined = PostingList.join(runs)
        self.init(runs: runs, runKeys: keys, terms: joined.terms, encoded: joined.encoded)
    }

    private init(runs: [PostingRun], runKeys: [ContentKey], terms: [String], encoded: [String]) {
        self.runs = runs
        self.runKeys = runKeys
        self.terms = terms
        self.encoded = encoded
    }

    /// The postings of `runs`, from these when few runs changed: the same as a join from nothing.
    func updated(runs: [PostingRun], keys: [ContentKey]) -> JoinedPostings {
        // Notes added or removed move every later note to another run: join from nothing.
        guard runs.count == self.runs.count else { return JoinedPostings(runs: runs, keys: keys) }
        let changed = runs.indices.filter { runKeys[$0] != keys[$0] }
        if changed.isEmpty {
            return JoinedPostings(runs: runs, runKeys: keys, terms: terms, encoded: encoded)
        }
        var touched: Set<String> = []
        for index in changed {
            let (old, new) = (self.runs[index], runs[index])
            for (position, term) in new.terms.enumerated()
            where !old.hasSamePostings(term, at: position, as: new) {
                touched.insert(term)
            }
            for term in old.terms where new.positions[term] == nil { touched.insert(term) }
        }
        var lists: [String: String] = [:]
        for term in touched {
            let list = PostingList.list(of: term, in: runs)
            if !list.isEmpty { lists[term] = String(decoding: list, as: UTF8.self) }
        }
        // Most saves change how often known words occur: their lists are replaced in place.
        var replaced = encoded
        for term in touched {
            guard let place = place(of: term), let list = lists[term] else {
                let (terms, encoded) = merged(touched: touched, lists: lists)
                return JoinedPostings(runs: runs, runKeys: keys, terms: terms, encoded: encoded)
            }
            replaced[place] = list
        }
        return JoinedPostings(runs: runs, runKeys: keys, terms: terms, encoded: replaced)
    }

    /// Where `term` is in the sorted vocabulary (a binary search), nil when it is not there.
    private func place(of term: String) -> Int? {
        var low = 0
        var high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if PostingList.precedes(terms[middle], term) { low = middle + 1 } else { high = middle }
        }
        return low < terms.count && terms[low] == term ? low : nil
    }

    /// These terms with the touched ones replaced, removed (no list) or added, in sorted order.
    private func merged(touched: Set<String>, lists: [String: String]) -> ([String], [String]) {
        let added = lists.keys.filter { place(of: $0) == nil }.sorted(by: PostingList.precedes)
        var newTerms: [String] = []
        var newEncoded: [String] = []
        newTerms.reserveCapacity(terms.count + added.count)
        newEncoded.reserveCapacity(terms.count + added.count)
        var next = added.startIndex
        for (term, encoded) in zip(terms, encoded) {
            while next < added.endIndex, PostingList.precedes(added[next], term) {
                newTerms.append(added[next])
                newEncoded.append(lists[added[next]] ?? "")
                next += 1
            }
            guard touched.contains(term) else {
                newTerms.append(term)
                newEncoded.append(encoded)
                continue
            }
            if let list = lists[term] {
                newTerms.append(term)
                newEncoded.append(list)
            }
        }
        for term in added[next...] {
            newTerms.append(term)
            newEncoded.append(lists[term] ?? "")
        }
        return (newTerms, newEncoded)
    }
}
