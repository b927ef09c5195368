import Foundation

/// A note's distinct search terms and their count in each field, counted straight from the
/// tokenizer's bytes: a term becomes a String once, for `entries`. (Counting through
/// `[String: Int]` made a String and hashed it for every word of the vault.)
struct TermCounter {
    /// The distinct terms in the order first met: a third of a note's words are new to it, so
    /// adding one is a single append.
    private var terms: [Term] = []
    /// The bytes of the terms longer than a `Term` holds, one after another.
    private var longBytes: [UInt8] = []
    /// Open addressing: a term's number, or -1 for a free slot; never more than half full.
    private var slots = [Int32](repeating: -1, count: 64)
    private var fieldLengths = SIMD4<Int>.zero

    /// One distinct term: what tells it from another (its hash, length and first 16 bytes; the
    /// longer ones' bytes are in `longBytes`) and its count in each field.
    /// (The vectors first: 48 bytes, where their 16-byte alignment after `hash` made 64.)
    private struct Term {
        let head: SIMD2<UInt64>
        var counts: SIMD4<UInt32>
        let hash: UInt64
        let length: Int32
        let longStart: Int32
    }

    /// Per field, its number of terms (repeats included).
    var lengths: [Int] { (0..<4).map { fieldLengths[$0] } }

    /// Counts one occurrence of `term` in `field`.
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, field: Int) {
        fieldLengths[field] += 1
        count(HashedTerm(term), field: field)
    }

    /// Counts the terms `forEachTerm` gives in `field` (the field's length added once).
    mutating func add(field: Int, _ forEachTerm: ((HashedTerm) -> Void) -> Void) {
        var length = 0
        forEachTerm { term in
            length += 1
            count(term, field: field)
        }
        fieldLengths[field] += length
    }

    /// Counts one occurrence of `term` in `field`, but not in the field's length.
    private mutating func count(_ term: HashedTerm, field: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: term.hash) & mask
        while true {
            let number = Int(slots[slot])
            if number < 0 { break }
            if isTerm(number, term) {
                terms[number].counts[field] &+= 1
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(terms.count)
        let longStart = longBytes.count
        if term.bytes.count > 16 { longBytes.append(contentsOf: term.bytes) }
        var counts = SIMD4<UInt32>.zero
        counts[field] = 1
        terms.append(
            Term(
                head: term.head, counts: counts, hash: term.hash, length: Int32(term.bytes.count),
                longStart: Int32(longStart)))
        if terms.count * 2 > slots.count { grow() }
    }

    private func isTerm(_ number: Int, _ term: HashedTerm) -> Bool {
        let known = terms[number]
        guard known.hash == term.hash, known.head == term.head, Int(known.length) == term.bytes.count else {
            return false
        }
        guard term.bytes.count > 16 else { return true }
        return longBytes.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress, let other = term.bytes.baseAddress else { return true }
            return memcmp(base + Int(known.longStart), other, term.bytes.count) == 0
        }
    }

    /// The terms in the order first met, with their counts.
    var entries: [SearchDocument.Entry] {
        longBytes.withUnsafeBufferPointer { long in
            terms.map { term in
                let length = Int(term.length)
                let text: String
                if length > 16 {
                    let start = Int(term.longStart)
                    text = String(
                        decoding: UnsafeBufferPointer(rebasing: long[start..<start + length]), as: UTF8.self)
                } else {
                    var head = SIMD2(term.head[0].littleEndian, term.head[1].littleEndian)
                    text = withUnsafeBytes(of: &head) { bytes in
                        let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
                        return String(
                            decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
                    }
                }
                return SearchDocument.Entry(term: text, hash: term.hash, counts: term.counts)
            }
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for number in terms.indices {
            var slot = Int(truncatingIfNeeded: terms[number].hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }
}
