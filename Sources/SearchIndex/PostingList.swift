/// Which notes a term is in, and how often in each field, written as a short ASCII string that
/// search-engine.js decodes only for the terms a query reaches (so loading the index parses no
/// postings at all).
///
/// Per note, in note order: the gap from the previous note's number (the first: its number + 1),
/// then `textCount << 3 | fields` where bit 0 is the title, bit 1 the headings, bit 2 the tags,
/// then the count of each field whose bit is set, in that order. Each number is a little-endian
/// base-32 varint: one character of `alphabet` per five bits, 32 added while more follow.
enum PostingList {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)

    /// The runs' postings as one list per term, the terms sorted by UTF-16 code units. Each term's
    /// list is written into its own stretch of one buffer, sized first: an array per term, grown
    /// by appends and freed after, was half the join.
    static func join(_ runs: [PostingRun]) -> (terms: [String], encoded: [String]) {
        var numbers = TermNumbers()
        // Each run's terms' numbers in the vocabulary, and the most each term's list may take.
        var numbered: [[Int32]] = []
        numbered.reserveCapacity(runs.count)
        var room: [Int] = []
        for run in runs {
            var mine: [Int32] = []
            mine.reserveCapacity(run.numbers.count)
            for position in 0..<run.numbers.count {
                let (number, isNew) = numbers.number(
                    of: run.numbers.terms[position], hash: run.numbers.hash(at: position))
                if isNew { room.append(0) }
                room[number] += maxGapBytes + run.tailCount(position)
                mine.append(Int32(number))
            }
            numbered.append(mine)
        }
        var ends: [Int] = []
        ends.reserveCapacity(room.count)
        var total = 0
        for bytes in room {
            ends.append(total)
            total += bytes
        }
        let starts = ends
        var previous = [Int](repeating: -1, count: room.count)
        // The room a list does not use stays zero.
        var lists = [UInt8](repeating: 0, count: max(1, total))
        do {
            var out = lists.mutableSpan
            for (index, run) in runs.enumerated() {
                for (position, number) in numbered[index].enumerated() {
                    let term = Int(number)
                    let written = run.write(
                        position, ofRun: index, after: previous[term], to: &out, at: ends[term])
                    previous[term] = written.last
                    ends[term] += written.count
                }
            }
        }
        let terms = numbers.terms
        let order = VocabularyOrder.order(of: terms)
        let encoded = order.map { String(decoding: lists[starts[$0]..<ends[$0]], as: UTF8.self) }
        return (order.map { terms[$0] }, encoded)
    }

    /// The most bytes a note's gap takes (any `Int`: 13 digits).
    static let maxGapBytes = 13

    /// One term's postings over all runs; empty when no run has it.
    static func list(of term: String, in runs: [PostingRun]) -> [UInt8] {
        var list: [UInt8] = []
        var previous = -1
        for (index, run) in runs.enumerated() {
            guard let position = run.numbers.number(of: term) else { continue }
            previous = run.append(position, ofRun: index, after: previous, to: &list)
        }
        return list
    }

    /// JavaScript's order of strings: by UTF-16 code units. (The vocabulary is sorted by
    /// ``VocabularyOrder``'s keys; this decides only between terms whose first eight bytes agree,
    /// and in `serve`'s binary searches: a byte-wise shortcut beside it saved nothing measurable.)
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    /// One note's entry after its gap (``write(counts:to:at:)`` at the end of `bytes`).
    static func append(counts: SIMD4<UInt32>, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: maxEntryBytes))
        var out = bytes.mutableSpan
        let count = write(counts: counts, to: &out, at: start)
        bytes.removeLast(maxEntryBytes - count)
    }

    /// One number (``write(_:to:at:)`` at the end of `bytes`).
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: maxGapBytes))
        var out = bytes.mutableSpan
        let count = write(value, to: &out, at: start)
        bytes.removeLast(maxGapBytes - count)
    }

    /// The most bytes `write(_:to:at:)` and `write(counts:to:at:)` take for one note: a gap (any `Int`,
    /// 13 digits) and four counts (`UInt32`, the first shifted by three: 7 digits each).
    static let maxEntryBytes = 13 + 4 * 7

    /// One number, little-endian base-32 digits, into `out` from `start`, which has room for it;
    /// returns the bytes written.
    @inline(__always)
    static func write(_ value: Int, to out: inout MutableSpan<UInt8>, at start: Int) -> Int {
        var rest = max(0, value)
        var index = start
        repeat {
            let low = rest & 31
            rest >>= 5
            out[index] = digit(rest > 0 ? low | 32 : low)
            index &+= 1
        } while rest > 0
        return index &- start
    }

    /// One note's entry after its gap, `textCount << 3 | fields` then each set field's count, into
    /// `out` from `start`, which has room for it; returns the bytes written.
    @inline(__always)
    static func write(counts: SIMD4<UInt32>, to out: inout MutableSpan<UInt8>, at start: Int) -> Int {
        var mask = 0
        for field in 0..<3 where counts[field] > 0 { mask |= 1 << field }
        var count = write(Int(counts[3]) << 3 | mask, to: &out, at: start)
        for field in 0..<3 where counts[field] > 0 {
            count += write(Int(counts[field]), to: &out, at: start &+ count)
        }
        return count
    }

    /// `alphabet[value]` (0 to 63) computed: reading the table went through its lazy global and
    /// a bounds check for each of the index's millions of digits.
    @inline(__always)
    private static func digit(_ value: Int) -> UInt8 {
        switch value {
        case 0..<10: UInt8(truncatingIfNeeded: 0x30 + value)
        case 10..<36: UInt8(truncatingIfNeeded: 0x41 - 10 + value)
        case 36..<62: UInt8(truncatingIfNeeded: 0x61 - 36 + value)
        case 62: UInt8(ascii: "-")
        default: UInt8(ascii: "_")
        }
    }

    /// The numbers of an encoded list (for tests; the browser has its own decoder).
    static func decode(_ encoded: String) -> [Int] {
        var numbers: [Int] = []
        var value = 0
        var shift = 0
        for byte in encoded.utf8 {
            guard let digit = alphabet.firstIndex(of: byte) else { return numbers }
            value |= (digit & 31) << shift
            shift += 5
            if digit < 32 {
                numbers.append(value)
                value = 0
                shift = 0
            }
        }
        return numbers
    }
}
