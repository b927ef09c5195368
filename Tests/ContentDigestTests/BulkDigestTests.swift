import ContentDigest
import Foundation
import TestSupport
import Testing

/// The one hash notes, images, code blocks, search terms and served pages are keyed by in memory
/// (``BulkDigest``).
@Suite struct BulkDigestTests {
    static func digest(_ bytes: [UInt8]) -> UInt64 {
        BulkDigest.of(bytes.span.bytes)
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

    /// The tokenizer hashes words from a buffer read past their end: masked, the bytes there do
    /// not count, and the digest is the exact bytes' (up to 32 bytes and past, where it reads exactly).
    @Test func paddedReadingMatchesExactBytes() {
        var random = SeededGenerator(seed: 7)
        for round in 0..<4_000 {
            let count = Int.random(in: 0...40, using: &random)
            let word = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let buffer = word + (0..<(48 - count)).map { _ in UInt8.random(in: 1...255, using: &random) }
            let padded = buffer.withUnsafeBytes { BulkDigest.of(padded: $0.baseAddress!, count: count) }
            #expect(padded == Self.digest(word), "round \(round), \(count) bytes")
        }
    }

    /// The same bytes give the same digest from a string, an array, `Data` or a slice of a larger
    /// buffer: the span's own start and length are what is read.
    @Test func sameBytesFromAnyHolder() {
        let text = "a note long enough for the four lanes, and a tail"
        let bytes = Array(text.utf8)
        let data = Data(text.utf8)
        let larger = Data("xx".utf8) + data + Data("yy".utf8)
        let slice = larger[2..<(2 + data.count)]
        for seed: UInt64 in [0, 7] {
            let digest = BulkDigest.of(bytes.span.bytes, seed: seed)
            #expect(BulkDigest.of(text.utf8.span.bytes, seed: seed) == digest)
            #expect(BulkDigest.of(data.bytes, seed: seed) == digest)
            #expect(BulkDigest.of(slice.bytes, seed: seed) == digest)
            #expect(BulkDigest.of(bytes.span.bytes.extracting(first: 10), seed: seed) != digest)
        }
    }

    /// A digest depends on its seed (chained digests use the last as the next seed), and the same
    /// seed gives the same digest.
    @Test func seedsGiveOtherDigests() {
        let texts: [[UInt8]] = [[], [1], Array("a note".utf8), [UInt8](repeating: 9, count: 70)]
        for bytes in texts {
            let digests = Set(
                [0, 1, 2, UInt64.max].map { seed in BulkDigest.of(bytes.span.bytes, seed: seed) })
            #expect(digests.count == 4, "\(bytes.count) bytes")
            #expect(BulkDigest.of(bytes.span.bytes, seed: 5) == BulkDigest.of(bytes.span.bytes, seed: 5))
        }
    }

    /// Terms that differ in one byte, or only in trailing zero bytes, hash apart, from either
    /// reading.
    @Test func shortTermsHashApart() {
        var hashes = Set<UInt64>()
        var terms: [[UInt8]] = []
        for length in 1...40 {
            for place in 0..<length { terms.append((0..<length).map { $0 == place ? 0x62 : 0x61 }) }
            terms.append([UInt8](repeating: 0, count: length))
        }
        for term in terms {
            let buffer = term + [UInt8](repeating: 0xFF, count: 8)
            let padded = buffer.withUnsafeBytes { BulkDigest.of(padded: $0.baseAddress!, count: term.count) }
            #expect(padded == Self.digest(term))
            hashes.insert(padded)
        }
        #expect(hashes.count == terms.count)
    }
}
