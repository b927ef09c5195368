import TestSupport
import Testing

@testable import CodeHighlighter

/// Bytes compared eight at a time, then one by one: equal to comparing them one by one, for every
/// length around the eight-byte steps and a difference at every place, first and last included.
@Suite struct UTF8KeyTests {
    @Test func sameIsByteEquality() {
        var random = SeededGenerator(seed: 34)
        for count in 0..<41 {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next(256)) }
            let copy = Array(bytes)
            let longer = bytes + [0]
            let sameAsCopy = UTF8Key.same(bytes.span, copy.span)
            let sameAsLonger = UTF8Key.same(bytes.span, longer.span)
            #expect(sameAsCopy && !sameAsLonger)
            for place in 0..<count {
                var other = bytes
                other[place] ^= UInt8(truncatingIfNeeded: 1 + random.next(255))
                let same = UTF8Key.same(bytes.span, other.span)
                #expect(!same, "\(count) bytes, differing at \(place)")
            }
        }
        // Canonically equivalent, different bytes: not the same key.
        #expect(!UTF8Key.same("caf\u{E9}", "cafe\u{301}") && "caf\u{E9}" == "cafe\u{301}")
    }
}
