import NoteModel
import TestSupport
import Testing

/// The inline walk hands text over as bytes of the string: the same text, spans and attachments
/// in the same order as a walk by String indices, on well-made and on corrupt models.
@Suite struct InlineWalkBytesTests {
    /// Records what a walk visits; `bytes` takes the text from the UTF-8 the walk lends, else
    /// from the Substring it makes.
    struct Recorder: InlineWalker {
        var bytes: Bool
        var events: [String] = []

        mutating func enterSpan(_ span: InlineSpan, id: Int) { events.append("<\(id)>") }
        mutating func exitSpan(_ span: InlineSpan, id: Int) { events.append("</\(id)>") }
        mutating func visitText(_ text: Substring, span: Int?) { events.append("\(span ?? -1):\(text)") }
        mutating func visitAttachment(_ index: Int, span: Int?) {
            events.append("[\(index) in \(span ?? -1)]")
        }

        mutating func visitText(utf8: Span<UInt8>, span: Int?, text: () -> Substring) {
            let made = text()
            // The bytes are the Substring's own.
            let lent = utf8.indices.map { utf8[$0] }
            if !Array(made.utf8).elementsEqual(lent) { events.append("bytes differ from text") }
            if bytes {
                events.append("\(span ?? -1):\(String(decoding: lent, as: UTF8.self))")
            } else {
                visitText(made, span: span)
            }
        }
    }

    /// The walk as it was written with String indices: the reference.
    static func referenceEvents(_ text: AttributedText) -> [String] {
        var events: [String] = []
        var open: [Int] = []
        var position = text.string.startIndex
        let utf8 = text.string.utf8
        for run in text.runs {
            var toOpen: [Int] = []
            var ancestor = run.span
            while let id = ancestor, text.spans.indices.contains(id), !open.contains(id) {
                toOpen.append(id)
                ancestor = text.parent(of: id)
            }
            if let id = ancestor, !text.spans.indices.contains(id) { ancestor = nil }
            while let top = open.last, top != ancestor {
                open.removeLast()
                events.append("</\(top)>")
            }
            for id in toOpen.reversed() {
                open.append(id)
                events.append("<\(id)>")
            }
            let end =
                utf8.index(position, offsetBy: max(0, run.length), limitedBy: text.string.endIndex)
                ?? text.string.endIndex
            if let attachment = run.attachment {
                events.append("[\(attachment) in \(run.span ?? -1)]")
            } else if end > position {
                events.append("\(run.span ?? -1):\(text.string[position..<end])")
            }
            position = end
        }
        while let top = open.popLast() { events.append("</\(top)>") }
        return events
    }

    static let pieces = ["a", "bc", " ", "é", "e\u{301}", "€", "😀", "\n", "<&>", "\r\n"]

    /// A random text; with `corrupt`, run lengths cut characters and overrun the string, and
    /// parents point forward or nowhere.
    static func randomText(_ random: inout SeededGenerator, corrupt: Bool) -> AttributedText {
        var lengths: [Int] = []
        var string = ""
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let piece = pieces.randomElement(using: &random)!
            string += piece
            lengths.append(piece.utf8.count)
        }
        let spanCount = Int.random(in: 0...6, using: &random)
        var spans: [InlineSpan] = []
        for id in 0..<spanCount {
            var parent: Int? =
                id > 0 && Bool.random(using: &random) ? Int.random(in: 0..<id, using: &random) : nil
            if corrupt, Int.random(in: 0..<4, using: &random) == 0 {
                parent = Int.random(in: -2...8, using: &random)
            }
            spans.append(InlineSpan(Bool.random(using: &random) ? .emphasis : .strong, parent: parent))
        }
        var runs: [TextRun] = []
        for length in lengths {
            var span: Int? =
                spanCount > 0 && Bool.random(using: &random)
                ? Int.random(in: 0..<spanCount, using: &random) : nil
            var length = length
            if corrupt {
                if Int.random(in: 0..<5, using: &random) == 0 {
                    length += Int.random(in: -2...3, using: &random)
                }
                if Int.random(in: 0..<8, using: &random) == 0 {
                    span = Int.random(in: -1...9, using: &random)
                }
            }
            let attachment =
                Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 0...3, using: &random) : nil
            runs.append(TextRun(length: length, span: span, attachment: attachment))
        }
        return AttributedText(string: string, runs: runs, spans: spans)
    }

    @Test(arguments: [false, true])
    func bytesWalkVisitsWhatTheIndexWalkDid(corrupt: Bool) {
        var random = SeededGenerator(seed: corrupt ? 29 : 7)
        for _ in 0..<5_000 {
            let text = Self.randomText(&random, corrupt: corrupt)
            let expected = Self.referenceEvents(text)
            var byBytes = Recorder(bytes: true)
            text.walk(&byBytes)
            var byText = Recorder(bytes: false)
            text.walk(&byText)
            #expect(byBytes.events == expected, "\(text)")
            #expect(byText.events == expected, "\(text)")
            if byBytes.events != expected { return }
        }
    }

    @Test func plainTextAloneIsOneVisit() {
        let text = AttributedText(string: "é<b>", runs: [TextRun(length: 6, span: nil)])
        var recorder = Recorder(bytes: true)
        text.walk(&recorder)
        #expect(recorder.events == ["-1:é<b>"])
    }

    @Test func deepNestingUsesNoCallStack() {
        let depth = 10_000
        let spans = (0..<depth).map { InlineSpan(.emphasis, parent: $0 == 0 ? nil : $0 - 1) }
        let text = AttributedText(string: "x", runs: [TextRun(length: 1, span: depth - 1)], spans: spans)
        var recorder = Recorder(bytes: true)
        text.walk(&recorder)
        #expect(recorder.events.count == 2 * depth + 1)
        #expect(recorder.events[depth] == "\(depth - 1):x")
        #expect(recorder.events.first == "<0>" && recorder.events.last == "</0>")
    }
}
