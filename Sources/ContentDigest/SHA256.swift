/// SHA-256 (FIPS 180-4) for cache keys and content-addressed file names: Foundation on Linux has
/// no CryptoKit, and the modules that need a digest (code highlighting, images) take no C library
/// for it.
public enum SHA256 {
    /// Lowercase hex digest of `bytes`.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        if let digest = bytes.withContiguousStorageIfAvailable({ hex(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { hex($0) }
    }

    /// Lowercase hex digest of the bytes in `buffer`.
    public static func hex(_ buffer: UnsafeRawBufferPointer) -> String {
        var state = State()
        let whole = buffer.count - buffer.count % 64
        state.compress(UnsafeRawBufferPointer(rebasing: buffer[..<whole]))
        // The rest, then 0x80, zeros up to 56 mod 64, and the length in bits, big-endian.
        var tail = Array(buffer[whole...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitLength = UInt64(buffer.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBytes { state.compress($0) }
        return state.hex
    }
}
