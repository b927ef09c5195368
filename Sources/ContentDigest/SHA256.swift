internal import CGLib

/// SHA-256 for cache keys and content-addressed file names, from GLib's checksums (GLib comes
/// with libvips): Foundation on Linux has no CryptoKit.
public enum SHA256 {
    /// Lowercase hex digest of `bytes` (an array is read where it is; other sequences are copied
    /// into one first).
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        hex(Array(bytes).span)
    }

    /// Lowercase hex digest of the bytes in `bytes`.
    public static func hex(_ bytes: Span<UInt8>) -> String {
        // GLib returns NULL only for a checksum type it does not know; SHA-256 is always there.
        guard
            let digest = bytes.withUnsafeBufferPointer({
                g_compute_checksum_for_data(G_CHECKSUM_SHA256, $0.baseAddress, gsize($0.count))
            })
        else { preconditionFailure("GLib has no SHA-256") }
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
