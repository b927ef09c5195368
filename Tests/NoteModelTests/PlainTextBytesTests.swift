import TestSupport
import Testing

@testable import NoteModel

/// The plain text of a text copied whole with its line breaks made spaces, against the run by run
/// walk it stands in for, on well-made and corrupt texts.
@Suite struct PlainTextBytesTests {
    static let pieces = ["a", "bc", " ", "é", "€", "😀", "\n", "<&>", "\r\n"]

    /// A random text of runs in emphasis, links and line breaks; with `corrupt`, run lengths cut
    /// characters, overrun or fall short of the string, and breaks are longer than one byte.
    static func randomText(_ random: inout SeededGenerator, corrupt: Bool) -> AttributedText {
        var builder = AttributedTextBuilder()
        for _ in 0..<Int.random(in: 0...10, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: builder.appendLeaf(.softBreak, literal: "\n")
            case 1: builder.appendLeaf(.lineBreak, literal: "\n")
            case 2:
                builder.openSpan(Bool.random(using: &random) ? .emphasis : .link(destination: "x", title: ""))
                builder.appendText(Self.pieces.randomElement(using: &random)!)
                builder.closeSpan()
            default: builder.appendText(Self.pieces.randomElement(using: &random)!)
            }
        }
        var text = builder.finish()
        if corrupt, !text.runs.isEmpty {
            let index = Int.random(in: 0..<text.runs.count, using: &random)
            text.runs[index].length += Int.random(in: -2...3, using: &random)
        }
        return text
    }

    /// The plain text run by run, as Substrings of the string: the reference.
    static func reference(_ text: AttributedText) -> [UInt8] {
        var out: [UInt8] = []
        let utf8 = text.string.utf8
        var position = utf8.startIndex
        for run in text.runs {
            let end =
                utf8.index(position, offsetBy: max(0, run.length), limitedBy: utf8.endIndex) ?? utf8.endIndex
            defer { position = end }
            if let span = run.span, text.spans.indices.contains(span) {
                switch text.spans[span].kind {
                case .softBreak, .lineBreak:
                    out.append(0x20)
                    continue
                default: break
                }
            }
            out += Array(text.string[position..<end].utf8)
        }
        return out
    }

    @Test(arguments: [false, true])
    func wholeCopyMatchesTheRunByRunWalk(corrupt: Bool) {
        var random = SeededGenerator(seed: corrupt ? 3 : 11)
        var whole = 0
        for _ in 0..<3_000 {
            let text = Self.randomText(&random, corrupt: corrupt)
            if NoteDocument.plainTextIsString(text) { whole += 1 }
            var out: [UInt8] = [0x2A]
            NoteDocument().appendPlainText(of: text, to: &out)
            #expect(out == [0x2A] + Self.reference(text), "\(text)")
        }
        // Both ways are taken.
        #expect(whole > 300)
        if corrupt { #expect(whole < 3_000) }
    }
}
