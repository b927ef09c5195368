import Foundation

/// A note's distinct search terms and their count in each field, counted straight from the
/// tokenizer's bytes, which `counted` hands on as bytes (a run of notes makes each term a String
/// once, ``TermNumbers``). (Counting through
/// `[String: Int]` made a String and hashed it for every word of the vault.)
struct TermCounter: ~Copyable {
    /// The distinct terms in the order first met: a third of a note's words are new to it, so
    /// adding one is a single store. Raw memory, owned here (the type cannot be copied): the
    /// arrays' uniqueness and bounds checks were a third of each word's count.
    private var terms: UnsafeMutablePointer<Term>
    private var termCount = 0
    /// The bytes of the terms longer than a `Term` holds, one after another.
    private var longBytes: [UInt8] = []
    /// Open addressing: a term's number, or -1 for a free slot; never more than half full.
    private var slots: UnsafeMutablePointer<Int32>
    private var slotCount = 64
    private var fieldLengths = SIMD4<Int>.zero
    /// The distinct terms' bytes, added up.
    private var byteCount = 0

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

    /// A counter whose table holds `expectedTerms` distinct terms before it grows: growing from
    /// 64 slots, each rehash and copy, was a third of what adding the terms cost.
    init(expectedTerms: Int = 32) {
        while slotCount < 2 * expectedTerms { slotCount *= 2 }
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: -1, count: slotCount)
        terms = .allocate(capacity: Self.termCapacity(slotCount))
    }

    deinit {
        slots.deallocate()
        terms.deallocate()
    }

    /// Terms a table of `slots` slots holds: it grows once more than half full.
    private static func termCapacity(_ slots: Int) -> Int { slots / 2 + 1 }

    /// Per field, its number of terms (repeats included).
    var lengths: [Int] { (0..<4).map { fieldLengths[$0] } }

    /// Counts one occurrence of `term` in `field`.
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, field: Int) {
        fieldLengths[field] += 1
        count(HashedTerm(term), adding: Self.one(in: field))
    }

    /// Counts the terms `forEachTerm` gives in `field` (the field's length added once). Inlined
    /// with the tokenizer's loop, which then counts each word without a call.
    @inline(__always)
    mutating func add(field: Int, _ forEachTerm: ((HashedTerm) -> Void) -> Void) {
        var length = 0
        let one = Self.one(in: field)
        forEachTerm { term in
            length &+= 1
            count(term, adding: one)
        }
        fieldLengths[field] += length
    }

    /// One occurrence in `field`, added as a vector: a lane picked by a variable was a bounds
    /// check for every word.
    private static func one(in field: Int) -> SIMD4<UInt32> {
        var one = SIMD4<UInt32>.zero
        one[field] = 1
        return one
    }

    /// Counts `one` (an occurrence in a field) for `term`, but not in the field's length.
    @inline(__always)
    private mutating func count(_ term: HashedTerm, adding one: SIMD4<UInt32>) {
        let mask = slotCount - 1
        var slot = Int(truncatingIfNeeded: term.hash) & mask
        while true {
            let number = Int(slots[slot])
            if number < 0 { break }
            if isTerm(number, term) {
                terms[number].counts &+= one
                return
            }
            slot = (slot + 1) & mask
        }
        insert(term, counts: one, at: slot)
    }

    /// Adds `term`, new to the note, at the free `slot`.
    private mutating func insert(_ term: HashedTerm, counts: SIMD4<UInt32>, at slot: Int) {
        slots[slot] = Int32(termCount)
        let longStart = longBytes.count
        if term.bytes.count > 16 { longBytes.append(contentsOf: term.bytes) }
        (terms + termCount).initialize(
            to: Term(
                head: term.head, counts: counts, hash: term.hash, length: Int32(term.bytes.count),
                longStart: Int32(longStart)))
        termCount += 1
        byteCount += term.bytes.count
        if termCount * 2 > slotCount { grow() }
    }

    @inline(__always)
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

    /// The terms in the order first met, with their counts, their bytes one after another in
    /// `bytes`: no String per term of every note (a fifth of a note's document), only per term
    /// of a run of notes (``PostingRun``).
    var counted: (terms: [SearchDocument.CountedTerm], bytes: [UInt8]) {
        var counted: [SearchDocument.CountedTerm] = []
        counted.reserveCapacity(termCount)
        // 16 bytes to spare: a short term's head is stored whole.
        let bytes = [UInt8](unsafeUninitializedCapacity: byteCount + 16) { buffer, initialized in
            guard let out = buffer.baseAddress else { return }
            var end = 0
            for term in UnsafeBufferPointer(start: terms, count: termCount) {
                let length = Int(term.length)
                if length > 16 {
                    longBytes.withUnsafeBufferPointer { long in
                        guard let long = long.baseAddress else { return }
                        (out + end).update(from: long + Int(term.longStart), count: length)
                    }
                } else {
                    let raw = UnsafeMutableRawPointer(out + end)
                    raw.storeBytes(of: term.head[0].littleEndian, as: UInt64.self)
                    raw.storeBytes(of: term.head[1].littleEndian, toByteOffset: 8, as: UInt64.self)
                }
                counted.append(
                    SearchDocument.CountedTerm(
                        start: Int32(end), length: Int32(length), hash: term.hash, counts: term.counts))
                end += length
            }
            initialized = end
        }
        return (counted, bytes)
    }

    /// The terms in the order first met, with their counts, as Strings (for tests).
    var entries: [SearchDocument.Entry] {
        longBytes.withUnsafeBufferPointer { long in
            UnsafeBufferPointer(start: terms, count: termCount).map { term in
                let length = Int(term.length)
                let text: String
                if length > 16 {
                    let start = Int(term.longStart)
                    text = String(
                        decoding: UnsafeBufferPointer(rebasing: long[start..<start + length]), as: UTF8.self)
                } else {
                    // Written in place: a String of at most 15 ASCII bytes is then made without
                    // the validation `String(decoding:)` runs (a fifth of a note's document).
                    let head = SIMD2(term.head[0].littleEndian, term.head[1].littleEndian)
                    text = String(unsafeUninitializedCapacity: length) { out in
                        withUnsafeBytes(of: head) { bytes in
                            UnsafeMutableRawBufferPointer(out).copyMemory(
                                from: UnsafeRawBufferPointer(rebasing: bytes[..<length]))
                        }
                        return length
                    }
                }
                return SearchDocument.Entry(term: text, hash: term.hash, counts: term.counts)
            }
        }
    }

    private mutating func grow() {
        slots.deallocate()
        slotCount *= 2
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: -1, count: slotCount)
        let mask = slotCount - 1
        for number in 0..<termCount {
            var slot = Int(truncatingIfNeeded: terms[number].hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
        let moved = UnsafeMutablePointer<Term>.allocate(capacity: Self.termCapacity(slotCount))
        moved.moveInitialize(from: terms, count: termCount)
        terms.deallocate()
        terms = moved
    }
}
