import Foundation

/// A note's distinct search terms and their count in each field, counted straight from the
/// tokenizer's bytes: a term is hashed on its bytes and becomes a String once, when first met.
/// (Counting through `[String: Int]` made a String and hashed it for every word of the vault.)
struct TermCounter {
    /// The distinct terms' bytes, one after another, in the order first met.
    private var storage: [UInt8] = []
    /// Per term, in the order first met: where it starts in `storage` and its hash.
    private var starts: [Int] = []
    private var hashes: [UInt64] = []
    /// Per term, its count in each field: four in a row.
    private var counts: [UInt32] = []
    /// Open addressing, never more than half full. A slot holds all that tells its term from
    /// another without reading `starts` or `hashes`: most words of a note are terms met before.
    private var slots = [Slot](repeating: Slot(), count: 64)
    private var fieldLengths = SIMD4<Int>.zero

    private struct Slot {
        var hash: UInt64 = 0
        /// The term's number, -1 for a free slot.
        var number: Int32 = -1
        var start: Int32 = 0
        var count: Int32 = 0
    }

    /// Per field, its number of terms (repeats included).
    var lengths: [Int] { (0..<4).map { fieldLengths[$0] } }

    /// Counts one occurrence of `term` in `field`.
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, field: Int) {
        fieldLengths[field] += 1
        count(term, field: field)
    }

    /// Counts the terms `forEachTerm` gives in `field` (the field's length added once).
    mutating func add(
        field: Int, _ forEachTerm: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) {
        var length = 0
        forEachTerm { term in
            length += 1
            count(term, field: field)
        }
        fieldLengths[field] += length
    }

    /// Counts one occurrence of `term` in `field`, but not in the field's length.
    private mutating func count(_ term: UnsafeBufferPointer<UInt8>, field: Int) {
        let hash = Self.hash(term)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let found = slots[slot]
            if found.number < 0 { break }
            if found.hash == hash && Int(found.count) == term.count && isStored(term, at: Int(found.start)) {
                counts[Int(found.number) &* 4 &+ field] += 1
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(
            hash: hash, number: Int32(starts.count), start: Int32(storage.count), count: Int32(term.count))
        starts.append(storage.count)
        storage.append(contentsOf: term)
        hashes.append(hash)
        for lane in 0..<4 { counts.append(lane == field ? 1 : 0) }
        if starts.count * 2 > slots.count { grow() }
    }

    /// The terms in the order first met, with their counts.
    var entries: [SearchDocument.Entry] {
        starts.indices.map { number in
            let end = number + 1 < starts.count ? starts[number + 1] : storage.count
            let base = number * 4
            return SearchDocument.Entry(
                term: String(decoding: storage[starts[number]..<end], as: UTF8.self), hash: hashes[number],
                counts: SIMD4(counts[base], counts[base + 1], counts[base + 2], counts[base + 3]))
        }
    }

    private func isStored(_ term: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        storage.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress, let other = term.baseAddress else { return true }
            return memcmp(base + start, other, term.count) == 0
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry.number >= 0 {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot].number >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// FNV-1a, then mixed so that the low bits, which pick the slot, depend on every byte.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash ^ (hash >> 29)
    }
}
