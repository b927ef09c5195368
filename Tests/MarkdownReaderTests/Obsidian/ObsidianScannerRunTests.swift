import TestSupport
import Testing

@testable import MarkdownReader

/// The notes scanner's skip over bytes that start nothing (libc's `strcspn`) against a loop over
/// the bytes, on random bytes rich in the ones it stops at, NULs and the text's end.
@Suite struct ObsidianScannerRunTests {
    static func referenceRunEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, !ObsidianScanner.startsConstruct(bytes[index]) { index += 1 }
        return index
    }

    @Test(arguments: 0..<8)
    func runEndsMatchByteLoop(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet: [UInt8] =
            Array("\n\r\\`[!%$=#ab .".utf8) + [0, 0xEE, 0x80, 0xC3, 0xA9, 0xFF, 0x7F, 0x01]
        for length in [0, 1, 2, 5, 17, 40, 100] {
            for _ in 0..<100 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
                let scanner = ObsidianScanner(bytes: bytes, file: "n.md")
                for start in 0...length {
                    #expect(
                        scanner.plainRunEnd(from: start) == Self.referenceRunEnd(bytes, from: start),
                        "\(bytes) \(start)")
                }
            }
        }
    }

    @Test func everyByteStopsAsTheScanSwitchSays() {
        let stops = Set(Array("\n\r\\`[!%$=#".utf8) + [0xEE])
        for byte in UInt8.min...UInt8.max {
            #expect(ObsidianScanner.startsConstruct(byte) == stops.contains(byte), "\(byte)")
            // A run of that byte then `a`s: it stops at once or runs to the end.
            let scanner = ObsidianScanner(
                bytes: [byte] + Array(repeating: UInt8(ascii: "a"), count: 20), file: "")
            #expect(scanner.plainRunEnd(from: 0) == (stops.contains(byte) ? 0 : 21), "\(byte)")
        }
    }
}
