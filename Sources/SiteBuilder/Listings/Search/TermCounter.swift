import Foundation

/// A note's distinct search terms and their count in each field, counted straight from the
/// tokenizer's bytes: a term is hashed on its bytes and becomes a String once, when first met.
/// (Counting through `[String: Int]` made a String and hashed it for every word of the vault.)
struct TermCounter {
    /// The distinct terms' bytes, one after another, in the order first met.
    private var storage: [UInt8] = []
    /// Where each term starts in `storage` (it ends where the next one starts).
    private var starts: [Int] = []
    private var hashes: [UInt64] = []
    private var counts: [SIMD4<UInt32>] = []
    /// Open addressing: a term's number, or -1 for a free slot; never more than half full.
    private var slots = [Int32](repeating: -1, count: 64)
    private var fieldLengths = SIMD4<Int>.zero

    /// Per field, its number of terms (repeats included).
    var lengths: [Int] { (0..<4).map { fieldLengths[$0] } }

    /// Counts one occurrence of `term` in `field`.
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, field: Int) {
        fieldLengths[field] += 1
        let hash = Self.hash(term)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[number] == hash && isTerm(number, term) {
                counts[number][field] += 1
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(starts.count)
        starts.append(storage.count)
        storage.append(contentsOf: term)
        hashes.append(hash)
        var count = SIMD4<UInt32>.zero
        count[field] = 1
        counts.append(count)
        if starts.count * 2 > slots.count { grow() }
    }

    /// The terms in the order first met, with their counts.
    var entries: [SearchDocument.Entry] {
        starts.indices.map { number in
            SearchDocument.Entry(
                term: String(decoding: bytes(of: number), as: UTF8.self), hash: hashes[number],
                counts: counts[number])
        }
    }

    private func bytes(of number: Int) -> ArraySlice<UInt8> { storage[starts[number]..<end(of: number)] }

    private func end(of number: Int) -> Int { number + 1 < starts.count ? starts[number + 1] : storage.count }

    private func isTerm(_ number: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[number]
        guard end(of: number) - start == term.count else { return false }
        return storage.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress, let other = term.baseAddress else { return true }
            return memcmp(base + start, other, term.count) == 0
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for number in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[number]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }

    /// FNV-1a, then mixed so that the low bits, which pick the slot, depend on every byte.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash ^ (hash >> 29)
    }
}
