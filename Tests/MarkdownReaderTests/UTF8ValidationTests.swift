import MarkdownReader
import TestSupport
import Testing

/// ``UTF8Validation`` must agree with the standard library's own check on every input.
struct UTF8ValidationTests {
    /// The edges of Unicode's table of well-formed sequences, one case each.
    @Test(
        arguments: [
            ([0x41], true), ([0xC2, 0x80], true), ([0xDF, 0xBF], true), ([0xC1, 0xBF], false),
            ([0xC0, 0x80], false), ([0xE0, 0xA0, 0x80], true), ([0xE0, 0x9F, 0xBF], false),
            ([0xED, 0x9F, 0xBF], true), ([0xED, 0xA0, 0x80], false), ([0xEF, 0xBF, 0xBF], true),
            ([0xF0, 0x90, 0x80, 0x80], true), ([0xF0, 0x8F, 0xBF, 0xBF], false),
            ([0xF4, 0x8F, 0xBF, 0xBF], true), ([0xF4, 0x90, 0x80, 0x80], false),
            ([0xF5, 0x80, 0x80, 0x80], false),
            ([0x80], false), ([0xE2, 0x82], false), ([0xE2, 0x82, 0x41], false), ([0xFF], false),
        ] as [([UInt8], Bool)])
    func edgesOfTheTable(bytes: [UInt8], valid: Bool) {
        // Also at the end of a long ASCII run, where the eight-byte steps hand over.
        for padding in [0, 7, 8, 13] {
            let text = [UInt8](repeating: 0x61, count: padding) + bytes
            #expect(UTF8Validation.isValid(text) == valid, "\(text)")
        }
    }

    /// Random texts of ASCII runs, well-formed sequences, their pieces and stray bytes (seeded).
    @Test func agreesWithTheStandardLibrary() {
        let pieces: [[UInt8]] = [
            Array("plain text ".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8),
            Array("\u{10FFFF}".utf8),
            [0xE2, 0x82], [0xF0, 0x9F], [0x80], [0xBF], [0xC0], [0xED, 0xA0], [0xF4, 0x90], [0xF8], [0],
        ]
        var random = SeededGenerator(seed: 7)
        var invalid = 0
        for _ in 0..<20_000 {
            var text: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                if Int.random(in: 0..<4, using: &random) == 0 {
                    text.append(UInt8.random(in: 0...255, using: &random))
                } else {
                    text += pieces.randomElement(using: &random)!
                }
            }
            let expected = String(validating: text, as: UTF8.self) != nil
            if !expected { invalid += 1 }
            #expect(UTF8Validation.isValid(text) == expected, "\(text)")
        }
        #expect(invalid > 5000 && invalid < 19_000)
    }
}
