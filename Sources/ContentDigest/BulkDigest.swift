/// A 64-bit digest of many bytes (a note's text, an image's file, a code block) for keys and
/// tables in memory: four lanes take eight bytes each per step with a multiply, where SipHash
/// (`Hasher.combine(bytes:)`) spent about six instructions per byte. The lanes start from a seed
/// drawn per process, so texts made to collide in one run do not in the next; never store it.
public enum BulkDigest {
    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes = seed
        let whole = bytes.count & ~31
        var offset = 0
        while offset < whole {
            lanes.0 = mix(lanes.0, word(bytes, offset))
            lanes.1 = mix(lanes.1, word(bytes, offset + 8))
            lanes.2 = mix(lanes.2, word(bytes, offset + 16))
            lanes.3 = mix(lanes.3, word(bytes, offset + 24))
            offset += 32
        }
        // The last 0 to 31 bytes: whole words, then the rest zero-padded (the length, mixed in
        // last, tells "a" from "a\0").
        var tail = seed.0 ^ 0x4528_21E6_38D0_1377
        while offset + 8 <= bytes.count {
            tail = mix(tail, word(bytes, offset))
            offset += 8
        }
        if offset < bytes.count {
            var last: UInt64 = 0
            for index in offset..<bytes.count { last |= UInt64(bytes[index]) << UInt64(8 * (index - offset)) }
            tail = mix(tail, last)
        }
        // The length last: mixed in first, it could cancel against the first word.
        let joined = mix(mix(mix(mix(tail, lanes.0), lanes.1), lanes.2), lanes.3)
        return mix(joined, UInt64(truncatingIfNeeded: bytes.count))
    }

    private static let seed = (
        UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max),
        UInt64.random(in: .min ... .max)
    )

    @inline(__always)
    private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// One step: a bijection of the lane for each word, so two inputs that differ in one word
    /// always differ after it.
    @inline(__always)
    private static func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let product = (lane ^ word) &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 29)
    }
}
