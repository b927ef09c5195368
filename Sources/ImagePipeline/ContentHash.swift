internal import CVips
internal import Foundation

/// SHA-256 through GLib (which comes with libvips; there is no CryptoKit on Linux).
enum ContentHash {
    /// Lowercase hex SHA-256 of `data`.
    static func sha256(_ data: Data) -> String {
        data.withUnsafeBytes { raw -> String in
            let bytes = raw.bindMemory(to: UInt8.self)
            // GLib accepts a NULL pointer only with length 0; an empty buffer has no base address.
            let empty: [UInt8] = [0]
            let digest = empty.withUnsafeBufferPointer { fallback in
                g_compute_checksum_for_data(
                    G_CHECKSUM_SHA256, bytes.baseAddress ?? fallback.baseAddress, gsize(bytes.count))
            }
            guard let digest else { return "" }
            defer { g_free(digest) }
            return String(cString: digest)
        }
    }

    static func sha256(_ text: String) -> String { sha256(Data(text.utf8)) }
}
