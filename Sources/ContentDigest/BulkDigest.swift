/// The one 64-bit hash for keys and tables in memory: a note's text, an image's file, a code
/// block, a search term, a served page. Eight bytes at a time, each mixed in by a multiply (SipHash,
/// `Hasher.combine(bytes:)`, spent about six instructions per byte); from 32 bytes on, four lanes
/// side by side. The default seed is drawn per process, so texts made to collide in one run do not
/// in the next: never store a digest made with it.
public enum BulkDigest {
    /// The seed drawn for this process.
    public static let processSeed = UInt64.random(in: .min ... .max)

    /// The digest of `bytes`, starting from `seed` (chain digests by passing one as the next seed).
    @inlinable
    public static func of(_ bytes: RawSpan, seed: UInt64 = processSeed) -> UInt64 {
        bytes.withUnsafeBytes { of($0, seed: seed) }
    }

    /// The kernel behind ``of(_:seed:)``, for the search index's own kernels that hold a buffer;
    /// not public, as it trusts the buffer it is given.
    @inlinable
    package static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = processSeed) -> UInt64 {
        let count = bytes.count
        var hash = seed
        var offset = 0
        if count >= 32 {
            var lanes = (
                seed, seed ^ 0x4528_21E6_38D0_1377, seed ^ 0xBE54_66CF_34E9_0C6C, seed ^ 0xC0AC_29B7_C97C_50DD
            )
            let whole = count & ~31
            while offset < whole {
                lanes.0 = mix(lanes.0, word(bytes, offset))
                lanes.1 = mix(lanes.1, word(bytes, offset + 8))
                lanes.2 = mix(lanes.2, word(bytes, offset + 16))
                lanes.3 = mix(lanes.3, word(bytes, offset + 24))
                offset += 32
            }
            hash = mix(mix(mix(mix(hash, lanes.0), lanes.1), lanes.2), lanes.3)
        }
        while offset + 8 <= count {
            hash = mix(hash, word(bytes, offset))
            offset += 8
        }
        if offset < count {
            var last: UInt64 = 0
            for index in offset..<count { last |= UInt64(bytes[index]) << UInt64(8 * (index - offset)) }
            hash = mix(hash, last)
        }
        return finish(hash, count: count)
    }

    /// The same digest of `count` bytes at `base`, which may be read up to the next multiple of
    /// eight (a tokenizer's word buffer): the last eight are loaded whole and the bytes past
    /// `count` masked off. For the search index's tokenizer (a kernel of its own), not public.
    @inlinable
    package static func of(padded base: UnsafeRawPointer, count: Int, seed: UInt64 = processSeed) -> UInt64 {
        guard count < 32 else { return of(UnsafeRawBufferPointer(start: base, count: count), seed: seed) }
        var hash = seed
        var offset = 0
        // Wrapping and masking operators: `count` is below 32, and the shift is 8 to 56.
        while offset &+ 8 <= count {
            hash = mix(
                hash, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset &+= 8
        }
        if offset < count {
            let chunk = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let shift = UInt64(truncatingIfNeeded: 64 &- 8 &* (count &- offset))
            hash = mix(hash, chunk & (UInt64.max &>> shift))
        }
        return finish(hash, count: count)
    }

    @inlinable @inline(__always)
    static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// One step: for each word a bijection of the hash, so two inputs that differ in one word
    /// always differ after it.
    @inlinable @inline(__always)
    static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let product = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 29)
    }

    /// The length last (mixed in first, it could cancel against the first word: "a" against
    /// "b\0"), then the high bits folded down, as tables pick a slot by the low bits.
    @inlinable @inline(__always)
    static func finish(_ hash: UInt64, count: Int) -> UInt64 {
        let product = mix(hash, UInt64(truncatingIfNeeded: count)) &* 0xFF51_AFD7_ED55_8CCD
        return product ^ (product >> 32)
    }
}
