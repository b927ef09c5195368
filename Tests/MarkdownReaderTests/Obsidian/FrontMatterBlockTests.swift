import TestSupport
import Testing

@testable import MarkdownReader

/// Where front matter ends must not move with how its marker lines are compared.
@Suite struct FrontMatterBlockTests {
    /// The block as found before the byte-wise marker test: each line trimmed, then compared.
    static func reference(_ bytes: [UInt8]) -> (Range<Int>, Range<Int>)? {
        let trimmed = { (line: ArraySlice<UInt8>) -> ArraySlice<UInt8> in
            var line = line
            while let last = line.last, last == 32 || last == 9 { line.removeLast() }
            return line
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lineStart = start
        var lineNumber = 0
        var yamlStart = 0
        while lineStart <= bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 10, bytes[end] != 13 { end += 1 }
            let line = trimmed(bytes[lineStart..<end])
            if lineNumber == 0 {
                guard line.elementsEqual("---".utf8) else { return nil }
            } else if line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8) {
                return (start..<end, yamlStart..<lineStart)
            }
            lineNumber += 1
            guard end < bytes.count else { return nil }
            lineStart = end + (bytes[end] == 13 && end + 1 < bytes.count && bytes[end + 1] == 10 ? 2 : 1)
            if lineNumber == 1 { yamlStart = lineStart }
        }
        return nil
    }

    @Test func agreesWithTrimmedLineComparison() {
        let pieces = [
            "-", "---", ".", "...", "----", " ", "\t", "\n", "\r\n", "\r", "a", "a: b", "\u{FEFF}", "-- -",
        ]
        var random = SeededGenerator(seed: 3)
        for _ in 0..<30_000 {
            let count = Int.random(in: 0...10, using: &random)
            var text = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
            if Bool.random(using: &random) { text = "---\n" + text }
            let bytes = Array(text.utf8)
            let block = FrontMatterBlock(bytes)
            let expected = Self.reference(bytes)
            #expect(block?.range == expected?.0 && block?.yaml == expected?.1, "\(text.debugDescription)")
        }
    }
}
