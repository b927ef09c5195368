import Foundation

/// Where ``SearchIndex/files(for:parts:)`` gets the parts of an index: each text shard, each run of
/// postings, and the runs joined. A build makes them all (``MadeParts``); `serve` hands back those
/// whose notes did not change since the last build, so a save costs about one note's worth.
public protocol SearchIndexParts {
    /// Text shard `number`, of the documents at `notes`: kept, or `make()`.
    func shard(_ number: Int, of notes: Range<Int>, make: () -> Data) -> Data
    /// The postings of the documents at `notes` (``PostingRun/size`` of them, fewer at the end).
    func run(of notes: Range<Int>, make: () -> PostingRun) -> PostingRun
    /// `runs`, of the documents at `ranges`, joined into the index's vocabulary and postings.
    func postings(of runs: [PostingRun], ranges: [Range<Int>]) -> JoinedPostings
}

/// Every part made from nothing: a build that keeps nothing.
public struct MadeParts: SearchIndexParts {
    public init() {}

    public func shard(_ number: Int, of notes: Range<Int>, make: () -> Data) -> Data { make() }

    public func run(of notes: Range<Int>, make: () -> PostingRun) -> PostingRun { make() }

    public func postings(of runs: [PostingRun], ranges: [Range<Int>]) -> JoinedPostings {
        JoinedPostings(runs: runs)
    }
}
