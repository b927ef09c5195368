import Foundation
import HTMLText

/// The client-side search index, made at build time so the browser tokenises nothing when it
/// loads: `assets/search-index.js` sets `window.notesiteSearch` (a script, because pages opened
/// from `file://` cannot `fetch()` JSON) to
///
///     {"version": 2,
///      "docs": [[title, url, titleTerms, headingTerms, tagTerms, textTerms], ...],
///      "terms": [...],      the vocabulary, sorted by UTF-16 code units (JavaScript's order)
///      "postings": [...],   per term, the notes it is in and how often, per field (PostingList)
///      "shards": [0, ...]}  the first note of each text shard
///
/// Snippet text is not in it: the notes' text is split into shards, `assets/search-text/N.js`,
/// loaded only for the notes a result list shows.
public enum SearchIndex {
    /// Text kept per note for snippets: enough for any word of an ordinary note, bounded for huge ones.
    static let textLimit = 20_000
    /// Text indexed per note (paragraphs, lists, tables).
    static let indexLimit = 200_000
    /// A text shard holds notes until it passes this many bytes.
    static let shardBytes = 64_000

    public static let indexPath = "assets/search-index.js"
    public static let shardFolder = "assets/search-text/"

    /// The index and its text shards, by site path, for `documents` in page order. `parts` gives
    /// the shards and runs of postings it kept from the last build (`serve`), or makes them.
    public static func files(for documents: [SearchDocument], parts: any SearchIndexParts = MadeParts())
        -> [String: Data]
    {
        var files: [String: Data] = [:]
        let shards = shardStarts(documents)
        for (number, start) in shards.enumerated() {
            let end = number + 1 < shards.count ? shards[number + 1] : documents.count
            files[shardFolder + "\(number).js"] = parts.shard(number, of: start..<end) {
                shardScript(number, documents[start..<end])
            }
        }
        let runRanges = PostingRun.starts(of: documents.count).map {
            $0..<min($0 + PostingRun.size, documents.count)
        }
        let runs = runRanges.map { range in parts.run(of: range) { PostingRun(documents[range]) } }
        let postings = parts.postings(of: runs, ranges: runRanges)
        files[indexPath] = script(runs: runs, shards: shards, postings: postings)
        return files
    }

    /// The script, written straight into its bytes: it is megabytes in a large vault, made on every save.
    private static func script(runs: [PostingRun], shards: [Int], postings: JoinedPostings) -> Data {
        let shardList = shards.map(String.init).joined(separator: ",")
        var script = Data()
        script.reserveCapacity(
            runs.reduce(0) { $0 + $1.rows.utf8.count + 2 } + postings.termList.utf8.count
                + postings.postingBlocks.reduce(0) { $0 + $1.utf8.count + 1 } + shardList.utf8.count + 128)
        script.append(contentsOf: "window.notesiteSearch={\"version\":2,\n\"docs\":[\n".utf8)
        for (index, run) in runs.enumerated() {
            if index > 0 { script.append(contentsOf: ",\n".utf8) }
            script.append(contentsOf: run.rows.utf8)
        }
        script.append(contentsOf: "\n],\n\"shards\":[".utf8)
        script.append(contentsOf: shardList.utf8)
        script.append(contentsOf: "],\n\"terms\":[".utf8)
        script.append(contentsOf: postings.termList.utf8)
        script.append(contentsOf: "],\n\"postings\":[".utf8)
        for (index, block) in postings.postingBlocks.enumerated() {
            if index > 0 { script.append(contentsOf: ",".utf8) }
            script.append(contentsOf: block.utf8)
        }
        script.append(contentsOf: "]};\n".utf8)
        return script
    }

    /// Text shard `number`'s script, its notes' texts escaped straight into its bytes: a literal
    /// String per note, checked, then joined and copied into the script, cost twice as much.
    static func shardScript(_ number: Int, _ documents: ArraySlice<SearchDocument>) -> Data {
        var script: [UInt8] = []
        script.reserveCapacity(documents.reduce(128) { $0 + $1.text.count + 3 })
        script.append(
            contentsOf: "(window.notesiteSearchText=window.notesiteSearchText||{})[\(number)]=[\n".utf8)
        for (index, document) in documents.enumerated() {
            if index > 0 { script.append(contentsOf: ",\n".utf8) }
            let text = document.text
            JSONString.append(utf8: text.span, to: &script)
        }
        script.append(contentsOf: "\n];\n".utf8)
        return Data(script)
    }

    /// Where each shard starts: consecutive notes until their text passes `shardBytes`.
    static func shardStarts(_ documents: [SearchDocument]) -> [Int] {
        var starts = [0]
        var bytes = 0
        for (index, document) in documents.enumerated() {
            if bytes >= shardBytes {
                starts.append(index)
                bytes = 0
            }
            bytes += document.text.count + 4
        }
        return starts
    }
}
