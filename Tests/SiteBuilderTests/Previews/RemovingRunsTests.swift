import NoteModel
import TestSupport
import Testing

@testable import SiteBuilder

/// A preview's text without footnote references and raw HTML: kept whole when nothing goes, and
/// always what copying the kept runs piece by piece makes, on well-made and corrupt texts.
@Suite struct RemovingRunsTests {
    /// The text rebuilt from the runs `drop` keeps: the reference.
    static func rebuilt(_ text: AttributedText, dropping drop: (TextRun) -> Bool) -> AttributedText {
        var kept = AttributedText(string: "", runs: [], spans: text.spans)
        var position = text.string.utf8.startIndex
        for run in text.runs {
            let end =
                text.string.utf8.index(
                    position, offsetBy: max(0, run.length), limitedBy: text.string.endIndex)
                ?? text.string.endIndex
            defer { position = end }
            if drop(run) { continue }
            kept.string += text.string[position..<end]
            kept.runs.append(run)
        }
        return kept
    }

    static let pieces = ["a", "bc", " ", "é", "€", "😀", "\n", "e\u{301}"]

    static func randomText(_ random: inout SeededGenerator) -> AttributedText {
        var string = ""
        var runs: [TextRun] = []
        let corrupt = Int.random(in: 0..<3, using: &random) == 0
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            let piece = pieces.randomElement(using: &random)!
            string += piece
            var length = piece.utf8.count
            if corrupt, Bool.random(using: &random) { length += Int.random(in: -2...2, using: &random) }
            runs.append(TextRun(length: length, span: Bool.random(using: &random) ? 0 : nil))
        }
        if corrupt, Bool.random(using: &random) { string += "x" }
        return AttributedText(string: string, runs: runs, spans: [InlineSpan(.emphasis, parent: nil)])
    }

    @Test func keepsWhatAPieceByPieceCopyKeeps() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<20_000 {
            let text = Self.randomText(&random)
            let dropNothing: (TextRun) -> Bool = { _ in false }
            let dropSpanned: (TextRun) -> Bool = { $0.span != nil }
            #expect(
                text.removingRuns(where: dropNothing) == Self.rebuilt(text, dropping: dropNothing), "\(text)")
            #expect(
                text.removingRuns(where: dropSpanned) == Self.rebuilt(text, dropping: dropSpanned), "\(text)")
        }
    }
}
