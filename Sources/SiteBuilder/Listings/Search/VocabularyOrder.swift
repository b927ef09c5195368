/// The vocabulary's order (JavaScript's, by UTF-16 code units), decided by each term's first eight
/// bytes where they tell, by ``PostingList/precedes(_:_:)`` where they do not: comparing the
/// Strings themselves at every step was most of the sort.
enum VocabularyOrder {
    /// The indices of `terms` in sorted order. Sorted as pairs of key and index: looking both up
    /// in arrays at every comparison was half the sort.
    static func order(of terms: [String]) -> [Int] {
        var keyed = terms.indices.map { (key: key(terms[$0]), index: $0) }
        keyed.sort { a, b in decided(a.key, b.key) ?? PostingList.precedes(terms[a.index], terms[b.index]) }
        return keyed.map(\.index)
    }

    /// The first eight UTF-8 bytes, the first the most significant, zero-padded.
    static func key(_ term: String) -> UInt64 {
        var term = term
        // Through the bytes: the generic walk of `term.utf8.prefix(8)` was 400 instructions a term.
        return term.withUTF8 { bytes in
            var key: UInt64 = 0
            var shift: UInt64 = 56
            for byte in bytes.prefix(8) {
                key |= UInt64(byte) << shift
                shift &-= 8
            }
            return key
        }
    }

    /// Whether the term keyed `a` sorts before the one keyed `b`, from the keys alone; nil when
    /// they cannot tell: equal keys, a difference where a term ended (zero padding or a NUL byte),
    /// or at a byte from 0xEE on, where UTF-16 and UTF-8 orders may part (as in `precedes`).
    @inline(__always)
    static func decided(_ a: UInt64, _ b: UInt64) -> Bool? {
        let difference = a ^ b
        guard difference != 0 else { return nil }
        let shift = UInt64(56 - difference.leadingZeroBitCount / 8 * 8)
        let (byteA, byteB) = (a >> shift & 0xFF, b >> shift & 0xFF)
        guard byteA != 0, byteB != 0, byteA < 0xEE, byteB < 0xEE else { return nil }
        return byteA < byteB
    }
}
