import ContentDigest

// The search index's one kernel on raw memory: the tokenizer's scan of a note's bytes and the
// counter each term goes to, inlined into one loop (three quarters of making a note's document).
// Everything here is reached through safe signatures: `TermCounter.add(termsOf:field:)` and
// `add(_:field:)` take spans, and the pointers a `HashedTerm` holds live only during the call
// that hands it on.

/// A term's bytes with what a table tells it from another by before reading them: its hash
/// (``BulkDigest``) and its first 16 bytes (zero-padded), the whole of almost every term.
struct HashedTerm {
    let bytes: UnsafeBufferPointer<UInt8>
    let hash: UInt64
    let head: SIMD2<UInt64>

    /// `body` given `bytes` as a term, valid only during the call.
    static func with<Result>(_ bytes: Span<UInt8>, _ body: (HashedTerm) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body(HashedTerm($0)) }
    }

    /// The hash of any bytes: the same as a term's.
    static func digest(_ bytes: Span<UInt8>) -> UInt64 { with(bytes) { $0.hash } }

    /// Any bytes.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        hash = BulkDigest.of(UnsafeRawBufferPointer(bytes))
        var head = SIMD2<UInt64>.zero
        for index in 0..<min(16, bytes.count) {
            head[index / 8] |= UInt64(bytes[index]) << UInt64(8 * (index % 8))
        }
        self.head = head
    }

    /// Bytes at `base` that may be read up to the next multiple of eight and to at least 16 (the
    /// tokenizer's word buffer): loaded whole, the bytes past `count` masked off.
    @inline(__always)
    init(padded base: UnsafeMutablePointer<UInt8>, count: Int) {
        let raw = UnsafeRawPointer(base)
        bytes = UnsafeBufferPointer(start: base, count: count)
        hash = BulkDigest.of(padded: raw, count: count)
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        head = SIMD2(
            count >= 8 ? low : low & (UInt64.max >> UInt64(64 - 8 * count)),
            count >= 16 ? high : count <= 8 ? 0 : high & (UInt64.max >> UInt64(128 - 8 * count)))
    }
}

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
    mutating func add(_ term: Span<UInt8>, field: Int) {
        fieldLengths[field] += 1
        HashedTerm.with(term) { count($0, adding: Self.one(in: field)) }
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
        let start = Int(known.longStart)
        return longBytes[start..<start + term.bytes.count].elementsEqual(term.bytes)
    }

    /// The terms in the order first met, with their counts, their bytes one after another in
    /// `bytes`: no String per term of every note (a fifth of a note's document), only per term
    /// of a run of notes (``PostingRun``).
    var counted: (terms: [SearchDocument.CountedTerm], bytes: [UInt8]) {
        var counted: [SearchDocument.CountedTerm] = []
        counted.reserveCapacity(termCount)
        // 16 bytes to spare: a short term's head is stored whole.
        var bytes = [UInt8](repeating: 0, count: byteCount + 16)
        var end = 0
        do {
            var out = bytes.mutableSpan
            var raw = out.mutableBytes
            for number in 0..<termCount {
                let term = terms[number]
                let length = Int(term.length)
                if length > 16 {
                    let start = Int(term.longStart)
                    for offset in 0..<length {
                        raw.storeBytes(
                            of: longBytes[start + offset], toByteOffset: end + offset, as: UInt8.self)
                    }
                } else {
                    raw.storeBytes(of: term.head[0].littleEndian, toByteOffset: end, as: UInt64.self)
                    raw.storeBytes(of: term.head[1].littleEndian, toByteOffset: end + 8, as: UInt64.self)
                }
                counted.append(
                    SearchDocument.CountedTerm(
                        start: Int32(end), length: Int32(length), hash: term.hash, counts: term.counts))
                end += length
            }
        }
        bytes.removeLast(bytes.count - end)
        return (counted, bytes)
    }

    /// The terms in the order first met, with their counts, as Strings (for tests).
    var entries: [SearchDocument.Entry] {
        let (terms, bytes) = counted
        return terms.map { term in
            let start = Int(term.start)
            let text = String(decoding: bytes[start..<start + Int(term.length)], as: UTF8.self)
            return SearchDocument.Entry(term: text, hash: term.hash, counts: term.counts)
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

extension SearchTokenizer {
    /// The same for valid UTF-8 bytes. A plain ASCII word (the common case) is lower-cased into a
    /// buffer that its hash reads eight bytes at a time, and becomes no String at all. Inlined, so
    /// that `body` (the counter) is too: called through a closure, the call was a third of a word.
    @inline(__always)
    static func forEachTerm(inUTF8 text: Span<UInt8>, _ body: (HashedTerm) -> Void) {
        text.withUnsafeBufferPointer { bytes in
            // Whole eight-byte chunks, so that a word's hash may read its last chunk whole.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: loweredCapacity) { lowered in
                guard let base = lowered.baseAddress else { return }
                lowered.initialize(repeating: 0)
                var words = WordScanner(bytes: bytes, lowered: lowered)
                while let word = words.next() {
                    if word.isASCII {
                        body(HashedTerm(padded: base, count: word.loweredCount))
                    } else {
                        forEachTerm(
                            ofWord: String(decoding: bytes[word.range], as: UTF8.self), &words.folds, body)
                    }
                }
            }
        }
    }

    /// `maxWordLength` rounded up to whole eight-byte chunks, at least two (`HashedTerm`'s head).
    private static let loweredCapacity = max(16, (maxWordLength + 7) & ~7)

    /// Per byte, what it is to a word: `letterOrDigit` (ASCII), `pastASCII`, or 0 for a separator.
    /// Its size is part of its type: indexed by a byte, it needs no bounds check.
    static let byteClasses = InlineArray<256, UInt8> { byte in
        if byte >= 0x80 { return pastASCII }
        let isLetter = (0x61...0x7A).contains(byte | 0x20)
        return isLetter || (0x30...0x39).contains(byte) ? letterOrDigit : 0
    }
    static let letterOrDigit: UInt8 = 1
    static let pastASCII: UInt8 = 2

    /// The words of valid UTF-8 text: runs of letters and digits with their marks.
    struct WordScanner {
        typealias Word = (range: Range<Int>, isASCII: Bool, loweredCount: Int)
        let bytes: UnsafeBufferPointer<UInt8>
        /// The current word's ASCII bytes lower-cased (at most `maxWordLength`), while it is all ASCII.
        let lowered: UnsafeMutableBufferPointer<UInt8>
        /// `byteClasses`, copied in once: read at every byte.
        let table = SearchTokenizer.byteClasses
        let loweredLimit = SearchTokenizer.maxWordLength
        var index = 0
        var folds: [String: String] = [:]

        init(bytes: UnsafeBufferPointer<UInt8>, lowered: UnsafeMutableBufferPointer<UInt8>) {
            self.bytes = bytes
            self.lowered = lowered
        }

        /// The next word. Separators are skipped and an ASCII word's end found by the table, a load
        /// and a test a byte (a separate test for bytes past ASCII was two instructions more), its
        /// bytes then lowered eight at a time; at a byte past ASCII, the general walk goes on from
        /// where this stands.
        mutating func next() -> Word? {
            guard let bytes = bytes.baseAddress else { return nil }
            let end = self.bytes.count
            // Walked by a pointer: by an index, the loop kept three counters.
            let last = bytes + end
            var byte = bytes + self.index
            while byte < last, table[Int(byte.pointee)] == 0 { byte += 1 }
            let start = byte - bytes
            while byte < last, table[Int(byte.pointee)] == SearchTokenizer.letterOrDigit { byte += 1 }
            let index = byte - bytes
            if index < end, bytes[index] >= 0x80 {
                self.index = index
                let count = lower(from: start, to: index)
                return nextByGeneralWalk(start: index > start ? start : -1, count: count)
            }
            self.index = index
            guard index > start else { return nil }
            return (start..<index, true, lower(from: start, to: index))
        }

        /// Writes the ASCII letters and digits from `start` to `end` lower-cased into `lowered`
        /// (at most `loweredLimit`); returns how many. A letter's lower case, and a digit, is the
        /// byte with bit 0x20 set, so whole chunks are lowered at once while the text has eight
        /// more bytes (those past the word are garbage the hash masks off).
        @inline(__always)
        private func lower(from start: Int, to end: Int) -> Int {
            // Not `min`: the generic function was a call per word.
            let count = end - start < loweredLimit ? end - start : loweredLimit
            guard let source = bytes.baseAddress, let target = lowered.baseAddress else { return 0 }
            var offset = 0
            let readable = bytes.count - start - 8
            while offset < count, offset <= readable {
                let chunk = UnsafeRawPointer(source + start + offset).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(target + offset).storeBytes(
                    of: chunk | 0x2020_2020_2020_2020, as: UInt64.self)
                offset += 8
            }
            while offset < count {
                target[offset] = source[start + offset] | 0x20
                offset += 1
            }
            return count
        }

        /// The next word by decoding every character that is not ASCII, from a word's `start`
        /// (-1 before one) with `count` bytes lowered.
        mutating func nextByGeneralWalk(start: Int = -1, count: Int = 0) -> Word? {
            var start = start
            var isASCII = true
            var count = count
            while index < bytes.count {
                let byte = bytes[index]
                let here = index
                if byte < 0x80 {
                    index += 1
                    // ASCII letters and digits: a letter's lower case is its bit 0x20 set.
                    let lower = byte | 0x20
                    if (0x61...0x7A).contains(lower) || (0x30...0x39).contains(byte) {
                        if start < 0 { start = here }
                        if count < loweredLimit {
                            lowered[count] = byte < 0x40 ? byte : lower
                            count += 1
                        }
                    } else if start >= 0 {
                        return (start..<here, isASCII, count)
                    }
                    continue
                }
                switch SearchTokenizer.kind(of: decodeScalar()) {
                case .base:
                    isASCII = false
                    if start < 0 { start = here }
                case .mark where start >= 0:
                    isASCII = false
                default:
                    if start >= 0 { return (start..<here, isASCII, count) }
                }
            }
            return start >= 0 ? (start..<bytes.count, isASCII, count) : nil
        }

        /// The scalar whose lead byte (not ASCII) is at `index`, moving past it.
        private mutating func decodeScalar() -> Unicode.Scalar {
            let lead = UInt32(bytes[index])
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = lead & (0xFF >> UInt32(length + 1))
            for offset in 1..<length where index + offset < bytes.count {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            index += length
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
    }

}
