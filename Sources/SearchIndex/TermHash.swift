import ContentDigest

/// A term's bytes with what a table tells it from another by before reading them: its hash
/// (``BulkDigest``) and its first 16 bytes (zero-padded), the whole of almost every term.
struct HashedTerm {
    let bytes: UnsafeBufferPointer<UInt8>
    let hash: UInt64
    let head: SIMD2<UInt64>

    /// Any bytes.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        hash = BulkDigest.of(UnsafeRawBufferPointer(bytes))
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
        hash = BulkDigest.of(padded: raw, count: count)
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        head = SIMD2(
            count >= 8 ? low : low & (UInt64.max >> UInt64(64 - 8 * count)),
            count >= 16 ? high : count <= 8 ? 0 : high & (UInt64.max >> UInt64(128 - 8 * count)))
    }
}
