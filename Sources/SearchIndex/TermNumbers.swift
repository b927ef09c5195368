import ContentDigest

/// Terms numbered in the order first met, found by the hash (``HashedTerm``) ``TermCounter`` already made of each
/// note's terms: joining the notes' terms into runs and the runs into the vocabulary hashed every
/// term of every note again, with Swift's seeded hash, through a `[String: Int]`.
struct TermNumbers: Sendable {
    private(set) var terms: [String] = []
    private var hashes: [UInt64] = []
    /// The terms' bytes one after another, term `n`'s from `byteStarts[n]` to `byteStarts[n + 1]`,
    /// for the numbering of bytes (``number(of:hash:)-bytes``); empty while only Strings came.
    private var bytes: [UInt8] = []
    private var byteStarts: [Int] = [0]
    /// Open addressing: a term's number, or -1 for a free slot; never more than half full.
    private var slots = [Int32](repeating: -1, count: 64)

    var count: Int { terms.count }

    /// The hash of the term's bytes that the table is keyed by (``TermCounter``'s).
    func hash(at number: Int) -> UInt64 { hashes[number] }

    /// The number of `term`, whose hash is `hash`; added (as the next number) when it is new.
    mutating func number(of term: String, hash: UInt64) -> (number: Int, isNew: Bool) {
        let (slot, found) = probe(term, hash: hash)
        if let found { return (found, false) }
        slots[slot] = Int32(terms.count)
        terms.append(term)
        hashes.append(hash)
        if terms.count * 2 > slots.count { grow() }
        return (terms.count - 1, true)
    }

    /// The number of the term whose bytes are `term`, added (as the next number, and as a String)
    /// when it is new. A table numbers either bytes or Strings, never both.
    @inline(__always)
    mutating func number(of term: Span<UInt8>, hash: UInt64) -> (number: Int, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[number] == hash && hasBytes(number, term) { return (number, false) }
            slot = (slot + 1) & mask
        }
        add(term, hash: hash, at: slot)
        return (terms.count - 1, true)
    }

    private mutating func add(_ term: Span<UInt8>, hash: UInt64, at slot: Int) {
        slots[slot] = Int32(terms.count)
        let start = bytes.count
        for index in term.indices { bytes.append(term[index]) }
        terms.append(String(decoding: bytes[start...], as: UTF8.self))
        hashes.append(hash)
        byteStarts.append(bytes.count)
        if terms.count * 2 > slots.count { grow() }
    }

    /// Whether term `number`'s bytes are `term`'s.
    @inline(__always)
    private func hasBytes(_ number: Int, _ term: Span<UInt8>) -> Bool {
        let start = byteStarts[number]
        guard byteStarts[number + 1] - start == term.count else { return false }
        return SameBytes.same(bytes.span.extracting(start..<start + term.count), term)
    }

    /// The number of `term`, nil when it is not here.
    func number(of term: String) -> Int? {
        probe(term, hash: HashedTerm.digest(term.utf8.span)).number
    }

    /// The slot that holds `term`, with its number, or the free slot where it would go.
    private func probe(_ term: String, hash: UInt64) -> (slot: Int, number: Int?) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[number] == hash && terms[number] == term { return (slot, number) }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
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
}
