import ContentDigest
import Foundation

/// Tells whether bytes changed between two builds (not for security): the digests of the bytes
/// added, chained. A fixed seed, so a page loaded before the server restarted is known after it.
struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    private(set) var value: UInt64 = 0

    mutating func add(_ data: Data) {
        value = BulkDigest.of(data.bytes, seed: value)
    }

    mutating func add(_ text: String) {
        value = BulkDigest.of(text.utf8.span.bytes, seed: value)
    }

    /// 16 hex digits.
    var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
