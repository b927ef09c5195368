/// The hash search terms are counted and numbered by (``TermCounter``, ``TermNumbers``): eight
/// bytes at a time, little-endian, the last eight zero-padded, each mixed in by a multiply; the
/// high bits then folded down, as the low bits pick a slot. (Byte by byte, FNV-1a was a multiply
/// per byte of every word of the vault.) Only tables in memory use it: no output depends on it.
enum TermHash {
    /// The hash of any bytes.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return finish(seed) }
        let whole = bytes.count & ~7
        var hash = start(count: bytes.count)
        var offset = 0
        while offset < whole {
            hash = mix(
                hash, UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)))
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail |= UInt64(base[index]) << UInt64(8 * (index - offset)) }
            hash = mix(hash, tail)
        }
        return finish(hash)
    }

    /// The same hash of `count` bytes at `base`, which may be read up to the next multiple of
    /// eight (the tokenizer's word buffer): the last eight are loaded whole and the bytes past
    /// `count` masked off.
    @inline(__always)
    static func of(padded base: UnsafeRawPointer, count: Int) -> UInt64 {
        var hash = start(count: count)
        var offset = 0
        // Wrapping and masking operators: `count` is a word's length, and the shift is 8 to 56.
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
        return finish(hash)
    }

    private static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    private static func start(count: Int) -> UInt64 { seed ^ UInt64(truncatingIfNeeded: count) }

    @inline(__always)
    private static func mix(_ hash: UInt64, _ chunk: UInt64) -> UInt64 {
        let product = (hash ^ chunk) &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 32)
    }

    @inline(__always)
    private static func finish(_ hash: UInt64) -> UInt64 {
        let product = hash &* 0xFF51_AFD7_ED55_8CCD
        return product ^ (product >> 29)
    }
}

/// A term's bytes with what a table tells it from another by before reading them: its hash and
/// its first 16 bytes (zero-padded), the whole of almost every term.
struct HashedTerm {
    let bytes: UnsafeBufferPointer<UInt8>
    let hash: UInt64
    let head: SIMD2<UInt64>

    /// Any bytes.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        hash = TermHash.of(bytes)
        var head = SIMD2<UInt64>.zero
        withUnsafeMutableBytes(of: &head) { head in
            head.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes).prefix(16)))
        }
        self.head = SIMD2(UInt64(littleEndian: head[0]), UInt64(littleEndian: head[1]))
    }

    /// Bytes at `base` that may be read up to the next multiple of eight and to at least 16 (the
    /// tokenizer's word buffer): loaded whole, the bytes past `count` masked off.
    @inline(__always)
    init(padded base: UnsafePointer<UInt8>, count: Int) {
        let raw = UnsafeRawPointer(base)
        bytes = UnsafeBufferPointer(start: base, count: count)
        hash = TermHash.of(padded: raw, count: count)
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        head = SIMD2(
            count >= 8 ? low : low & (UInt64.max >> UInt64(64 - 8 * count)),
            count >= 16 ? high : count <= 8 ? 0 : high & (UInt64.max >> UInt64(128 - 8 * count)))
    }
}
