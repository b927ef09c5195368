import Foundation
import SearchIndex

/// The listing stage's search index (``SearchIndex``): each note's ``SearchDocument``, then the
/// index and its text shards. In `serve`, the documents of unchanged notes, and the shards and runs
/// of postings whose notes are unchanged, are reused: a save costs about one note's worth.
enum SearchFiles {
    /// Each note's document, by the note and its page.
    static let documents = KeptPerNote<SourceNote, SearchDocument>("search.documents")
    /// Each text shard, by its notes.
    static let shards = Kept<Data>("search.shards")
    /// The postings of each run of notes, by its notes.
    static let runs = Kept<PostingRun>("search.runs")
    /// The postings as the last build joined them.
    static let postings = KeptLast<KeptPostings>("search.postings")

    /// The index and its text shards, by site path.
    static func files(for notes: [ResolvedNote], context: StageContext) async -> [String: Data] {
        let sorted = notes.sorted { $0.pagePath < $1.pagePath }
        guard let memory = context.memory else {
            return SearchIndex.files(
                for: await concurrentMap(sorted, limit: context.jobs) { SearchDocument($0) })
        }
        let kept = memory.store(documents)
        let last = kept.made()
        let made = await concurrentMap(Array(sorted.indices), limit: context.jobs) { index in
            let note = sorted[index]
            return last?.keyed(for: note.source, at: index, page: note.pagePath)
                ?? (SearchDocument(note), ContentKey(note.source, note.pagePath))
        }
        let documents = made.map(\.value)
        let keys = made.map(\.key)
        kept.remember(documents, from: sorted.map(\.source), pages: sorted.map(\.pagePath), keys: keys)
        return files(for: documents, keys: keys, memory: memory)
    }

    /// The index of `documents`, from the parts `memory` kept of documents with the same `keys`
    /// (one per document: without a key for every document, nothing can be reused).
    static func files(
        for documents: [SearchDocument], keys: [ContentKey], memory: BuildMemory
    ) -> [String: Data] {
        let parts: any SearchIndexParts =
            keys.count == documents.count
            ? KeptParts(
                keys: keys, shards: memory.store(shards), runs: memory.store(runs),
                postings: memory.store(postings))
            : MadeParts()
        let files = SearchIndex.files(for: documents, parts: parts)
        memory.store(shards).keepUsed()
        memory.store(runs).keepUsed()
        return files
    }
}

extension SearchDocument {
    convenience init(_ note: ResolvedNote) {
        self.init(title: note.title, url: note.pagePath, tags: note.source.tags, document: note.document)
    }
}

/// The joined postings `serve` keeps, with the key of each run's notes.
struct KeptPostings: Sendable {
    let postings: JoinedPostings
    let runKeys: [ContentKey]
}

/// The parts of the last build's index, found by the keys of their notes.
private struct KeptParts: SearchIndexParts {
    let keys: [ContentKey]
    let shards: StageCache<Data>
    let runs: StageCache<PostingRun>
    let postings: LastValue<KeptPostings>

    func shard(_ number: Int, of notes: Range<Int>, make: () -> Data) -> Data {
        shards.value(slot: String(number), key: key(of: notes), make: make)
    }

    func run(of notes: Range<Int>, make: () -> PostingRun) -> PostingRun {
        runs.value(slot: String(notes.lowerBound), key: key(of: notes), make: make)
    }

    /// The last build's postings updated for the runs whose notes changed.
    func postings(of runs: [PostingRun], ranges: [Range<Int>]) -> JoinedPostings {
        let runKeys = ranges.map(key(of:))
        return postings.value.withLock { kept in
            // Notes added or removed move every later note to another run: joined from nothing.
            let postings =
                if let kept, kept.runKeys.count == runKeys.count {
                    kept.postings.updated(
                        runs: runs, changed: runKeys.indices.filter { kept.runKeys[$0] != runKeys[$0] })
                } else {
                    JoinedPostings(runs: runs)
                }
            kept = KeptPostings(postings: postings, runKeys: runKeys)
            return postings
        }
    }

    private func key(of notes: Range<Int>) -> ContentKey { ContentKey(combining: Array(keys[notes])) }
}
