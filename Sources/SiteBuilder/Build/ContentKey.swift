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
        data.withUnsafeBytes { hasher.combine(BulkDigest.of($0)) }
    }
}

/// A 64-bit digest of many bytes (a note's text, an image's file) for keys in memory: four lanes
/// take eight bytes each per step with a multiply, where SipHash (`Hasher.combine(bytes:)`) spent
/// about six instructions per byte. Not for tables an attacker fills: the result goes into a
/// `Hasher` (``ContentKey``) with the length, which is seeded per process.
enum BulkDigest {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes = (
            UInt64(0x243F_6A88_85A3_08D3), UInt64(0x1319_8A2E_0370_7344), UInt64(0xA409_3822_299F_31D0),
            UInt64(0x082E_FA98_EC4E_6C89)
        )
        let whole = bytes.count & ~31
        var offset = 0
        while offset < whole {
            lanes.0 = mix(lanes.0, word(bytes, offset))
            lanes.1 = mix(lanes.1, word(bytes, offset + 8))
            lanes.2 = mix(lanes.2, word(bytes, offset + 16))
            lanes.3 = mix(lanes.3, word(bytes, offset + 24))
            offset += 32
        }
        // The last 0 to 31 bytes, eight at a time, the last word zero-padded (the length tells
        // "a" from "a\0").
        var tail = UInt64(0x4528_21E6_38D0_1377)
        while offset < bytes.count {
            let count = min(8, bytes.count - offset)
            var last: UInt64 = 0
            for index in 0..<count { last |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
            tail = mix(tail, last)
            offset += count
        }
        // The length last: mixed in first, it could cancel against the first word.
        let joined = mix(mix(mix(mix(tail, lanes.0), lanes.1), lanes.2), lanes.3)
        return mix(joined, UInt64(truncatingIfNeeded: bytes.count))
    }

    @inline(__always)
    private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// One step: a bijection of the lane for each word, so two inputs that differ in one word
    /// always differ after it.
    @inline(__always)
    private static func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let product = (lane ^ word) &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 29)
    }
}
