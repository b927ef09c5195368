import ContentDigest
import TestSupport
import Testing

/// The digest notes, images and code blocks are keyed by in memory (``BulkDigest``).
@Suite struct BulkDigestTests {
    static func digest(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { BulkDigest.of($0) }
    }

    /// Each step is a bijection of its lane, so a change of one byte anywhere, in the 32-byte blocks
    /// or the tail, always gives another digest.
    @Test func everyOneByteChangeChangesTheDigest() {
        var random = SeededGenerator(seed: 5)
        for length in [1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 100, 257] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let original = Self.digest(bytes)
            #expect(Self.digest(bytes) == original)
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= UInt8.random(in: 1...255, using: &random)
                #expect(Self.digest(changed) != original, "length \(length), byte \(index)")
            }
        }
    }

    /// The zero padding of the last word does not hide a length: "a" is not "a\0", "" is not "\0".
    @Test func trailingZeroBytesCount() {
        var seen: Set<UInt64> = []
        for length in 0...80 {
            #expect(seen.insert(Self.digest([UInt8](repeating: 0, count: length))).inserted, "\(length)")
        }
        #expect(Self.digest([97]) != Self.digest([97, 0]))
    }

    /// Random texts of random lengths: no two alike.
    @Test func randomTextsDoNotCollide() {
        var random = SeededGenerator(seed: 6)
        var seen: [UInt64: [UInt8]] = [:]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0..<80, using: &random)).map { _ in
                UInt8.random(in: 0...3, using: &random)
            }
            let digest = Self.digest(bytes)
            if let other = seen[digest] { #expect(other == bytes) }
            seen[digest] = bytes
        }
    }
}
