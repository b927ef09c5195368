/// The vocabulary's order (JavaScript's, by UTF-16 code units), decided by each term's first eight
/// bytes where they tell, by ``PostingList/precedes(_:_:)`` where they do not. The keys are sorted
/// by a radix sort, a pass a byte: the merge sort of keyed pairs through a comparing closure cost
/// a thousand instructions a term.
enum VocabularyOrder {
    /// The indices of `terms` in sorted order.
    static func order(of terms: [String]) -> [Int] {
        let keys = terms.map(key)
        var order = sortedByKey(keys)
        // Terms whose keys are equal (the same first eight bytes) are compared whole.
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, keys[order[end]] == keys[order[start]] { end += 1 }
            if end - start > 1 { order[start..<end].sort { PostingList.precedes(terms[$0], terms[$1]) } }
            start = end
        }
        return order
    }

    /// The indices of `keys` sorted by key (least significant byte first, each pass stable).
    /// Through spans: the arrays' uniqueness checks were half of each pass.
    static func sortedByKey(_ keys: [UInt64]) -> [Int] {
        var order = Array(keys.indices)
        var next = order
        var countsArray = [Int](repeating: 0, count: 256)
        let keySpan = keys.span
        var counts = countsArray.mutableSpan
        for shift in stride(from: UInt64(0), to: 64, by: 8) {
            for index in counts.indices { counts[index] = 0 }
            for index in keySpan.indices {
                counts[Int(truncatingIfNeeded: keySpan[index] &>> shift) & 0xFF] &+= 1
            }
            // A pass whose byte is the same in every key moves nothing.
            if counts.indices.contains(where: { counts[$0] == keySpan.count }) { continue }
            var place = 0
            for index in counts.indices { (counts[index], place) = (place, place &+ counts[index]) }
            do {
                let from = order.span
                var to = next.mutableSpan
                for position in from.indices {
                    let index = from[position]
                    let digit = Int(truncatingIfNeeded: keySpan[index] &>> shift) & 0xFF
                    to[counts[digit]] = index
                    counts[digit] &+= 1
                }
            }
            swap(&order, &next)
        }
        return order
    }

    /// The first eight UTF-8 bytes, the first the most significant, zero-padded, with the lead
    /// bytes of characters from U+E000 (0xEE, 0xEF) moved above those past U+FFFF (0xF0 to 0xF4):
    /// in UTF-16 those are surrogate pairs, 0xD800 to 0xDFFF, below U+E000. Only lead bytes reach
    /// 0xEE, and two terms' first different byte is at the same place of a character, so keys
    /// that differ order as their terms do. (A term ended or a NUL byte both give zero: a prefix
    /// sorts first either way.)
    static func key(_ term: String) -> UInt64 {
        // Through the bytes: the generic walk of `term.utf8.prefix(8)` was 400 instructions a term.
        let bytes = term.utf8.span
        var key: UInt64 = 0
        var shift: UInt64 = 56
        for index in 0..<min(8, bytes.count) {
            key |= UInt64(sortingByte(bytes[index])) << shift
            shift &-= 8
        }
        return key
    }

    /// 0xF0 to 0xF4 become 0xEE to 0xF2, 0xEE and 0xEF become 0xF3 and 0xF4; every other byte is
    /// itself (0xF5 and above never occur in UTF-8).
    @inline(__always)
    static func sortingByte(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0xF0...0xF4: byte &- 2
        case 0xEE...0xEF: byte &+ 5
        default: byte
        }
    }
}
