import TestSupport
import Testing

@testable import MarkdownReader
@testable import NoteModel

/// A block's range, start and end moved to the note's own source by one mapping of each offset,
/// against mapping the range and both ends apart (as the converter did), on random notes with
/// placeholders (wikilinks, tags, comments) before, inside and after the block's lines.
@Suite struct BlockPlacementTests {
    @Test(arguments: 0..<8)
    func placementMatchesMappingEachApart(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = ["a", "é", " ", "\n", "\r\n", "[[b]]", "#tag ", "%%c%%", "==h==", "\n\n", "- "]
        for _ in 0..<200 {
            let text = ByteLevelEquivalenceTests.randomText(alphabet, length: 16, using: &generator)
            let obsidian = ObsidianSource(utf8: Array(text.utf8), file: "n.md")
            let lines = obsidian.parsed.lines
            for _ in 0..<20 {
                // Any start and end cmark could report, a column 0 end and ends past the text too.
                let startLine = Int.random(in: 1...lines.lineCount, using: &generator)
                let endLine = Int.random(in: startLine...lines.lineCount + 1, using: &generator)
                let start = LineColumn(line: startLine, column: Int.random(in: 1...6, using: &generator))
                let end = LineColumn(line: endLine, column: Int.random(in: 0...8, using: &generator))
                var placed = Self.converter(obsidian)
                placed.blocks = [Block(.paragraph, depth: 1, start: start, end: end)]
                placed.place(0, start: start, end: end)

                var reference = Self.converter(obsidian)
                let range = reference.sourceRange(reference.blockOffsets(start, end))
                let expectedStart = reference.mapped(start, near: range.start.line)
                let expectedEnd = reference.mapped(end, near: max(1, range.end.line - 1))
                let block = placed.blocks[0]
                #expect(block.range == range, "\(text.debugDescription) \(start) \(end)")
                #expect(block.start == expectedStart, "\(text.debugDescription) \(start) \(end)")
                #expect(block.end == expectedEnd, "\(text.debugDescription) \(start) \(end)")
                #expect(placed.lineHint == reference.lineHint)
            }
        }
    }

    static func converter(_ obsidian: ObsidianSource) -> CmarkConverter {
        var converter = CmarkConverter(file: "n.md", source: obsidian.parsed)
        converter.obsidian = obsidian.expander
        converter.originalBytes = obsidian.originalBytes
        return converter
    }
}
