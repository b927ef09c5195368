import ContentDigest
import Foundation

/// What a stage's result was made from, reduced to a digest: two results with equal keys were
/// made from equal inputs. Built with Swift's `Hasher` (SipHash, seeded per process): keys live in
/// memory only (``BuildMemory``), never on disk, where the per-process seed would break them.
struct ContentKey: Sendable, Hashable {
    private let digest: Int

    /// A parameter pack, not `any Hashable...`: boxing each part in an existential, in an array,
    /// was a visible part of a save's time in a large vault (a key per note per stage).
    init<each Part: Hashable>(_ parts: repeat each Part) {
        var hasher = Hasher()
        repeat hasher.combine(each parts)
        digest = hasher.finalize()
    }

    /// A digest a caller made with its own `Hasher`, for parts too big to hash twice.
    init(digest: Int) {
        self.digest = digest
    }

    /// The key of a set of keys in a given order.
    init(combining keys: [ContentKey]) {
        var hasher = Hasher()
        hasher.combine(keys.count)
        for key in keys { hasher.combine(key.digest) }
        digest = hasher.finalize()
    }
}

/// Bytes as a key part, all of them: `Data`'s own hash reads only its first 80 bytes (checked
/// here: two 1,000-byte buffers differing at byte 500 hash the same), which would let an edit of
/// the same length go unseen.
struct WholeBytes: Hashable {
    let data: Data

    init(_ data: Data) { self.data = data }

    func hash(into hasher: inout Hasher) {
        hasher.combine(data.count)
        hasher.combine(BulkDigest.of(data.bytes))
    }
}
