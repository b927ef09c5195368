import CVips
import ContentDigest
import Foundation
import Testing

/// Cache keys and rendition file names were GLib's SHA-256 before ContentDigest's: the two must
/// agree on every length around the block and padding edges, or caches on disk would all miss.
struct CacheKeyDigestTests {
    static func glib(_ bytes: [UInt8]) -> String {
        let digest = bytes.withUnsafeBufferPointer { buffer -> UnsafeMutablePointer<gchar>? in
            let empty: [UInt8] = [0]
            return empty.withUnsafeBufferPointer { fallback in
                g_compute_checksum_for_data(
                    G_CHECKSUM_SHA256, buffer.baseAddress ?? fallback.baseAddress, gsize(buffer.count))
            }
        }
        guard let digest else { return "" }
        defer { g_free(digest) }
        return String(cString: digest)
    }

    @Test func agreesWithGLibAtEveryLengthUpTo300() {
        var random = SystemRandomNumberGenerator()
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(SHA256.hex(bytes) == Self.glib(bytes), "length \(length)")
        }
    }

    @Test func agreesWithGLibOnAnImageSizedBuffer() {
        let bytes = (0..<3_000_017).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        #expect(SHA256.hex(Data(bytes)) == Self.glib(bytes))
    }
}
