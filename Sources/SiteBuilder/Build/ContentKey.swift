/// What a stage's result was made from, reduced to a digest: two results with equal keys were
/// made from equal inputs. Built with Swift's `Hasher` (SipHash, seeded per process): keys live in
/// memory only (``BuildMemory``), never on disk, where the per-process seed would break them.
struct ContentKey: Sendable, Hashable {
    private let digest: Int

    init(_ parts: any Hashable...) {
        var hasher = Hasher()
        for part in parts { hasher.combine(part) }
        digest = hasher.finalize()
    }

    /// The key of a set of keys in a given order.
    init(combining keys: [ContentKey]) {
        var hasher = Hasher()
        hasher.combine(keys.count)
        for key in keys { hasher.combine(key.digest) }
        digest = hasher.finalize()
    }
}
