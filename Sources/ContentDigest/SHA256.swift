internal import CGLib

/// SHA-256 for cache keys and content-addressed file names, from GLib's checksums (GLib comes
/// with libvips): Foundation on Linux has no CryptoKit.
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
        // GLib returns NULL only for a checksum type it does not know; SHA-256 is always there.
        guard
            let digest = g_compute_checksum_for_data(
                G_CHECKSUM_SHA256, buffer.baseAddress?.assumingMemoryBound(to: guchar.self),
                gsize(buffer.count))
        else { preconditionFailure("GLib has no SHA-256") }
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
