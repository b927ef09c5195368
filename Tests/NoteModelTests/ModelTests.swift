import MarkdownReader
import NoteHTML
import NoteModel
import Testing

/// The model's own behaviour: building, walking, and surviving a corrupt decoded value.
struct ModelTests {
    /// A span is empty when nothing went into it or the spans inside it; the span closed next is
    /// the one it was opened in.
    @Test func builderFindsEmptySpansAndTheirParents() {
        var builder = AttributedTextBuilder()
        builder.appendText("a")
        let outer = builder.openSpan(.emphasis)
        let inner = builder.openSpan(.code)
        builder.closeSpan()
        #expect(builder.currentSpan == outer)
        builder.closeSpan()
        let empty = builder.openSpan(.strong)
        builder.closeSpan()
        let link = builder.openSpan(.link(destination: "u", title: ""))
        builder.openSpan(.strikethrough)
        builder.appendText("b")
        builder.closeSpan()
        builder.appendAttachment(0)
        let text = builder.finish()
        #expect(text.runs.map(\.length) == [1, 0, 0, 1, 3])
        #expect(text.runs.map(\.span) == [nil, inner, empty, link + 1, link])
        #expect(text.spans.map(\.parent) == [nil, outer, nil, nil, link])
    }

    /// Only the innermost open span counts: a highlight around it, or one closed, does not.
    @Test func builderTellsWhetherTheInnermostSpanIsAHighlight() {
        var builder = AttributedTextBuilder()
        #expect(!builder.isInsideHighlight)
        builder.openSpan(.highlight)
        #expect(builder.isInsideHighlight)
        builder.openSpan(.emphasis)
        #expect(!builder.isInsideHighlight)
        builder.openSpan(.highlight)
        #expect(builder.isInsideHighlight)
        builder.closeSpan()
        #expect(!builder.isInsideHighlight)
        builder.closeSpan()
        #expect(builder.isInsideHighlight)
        builder.closeSpan()
        #expect(!builder.isInsideHighlight)
    }

    @Test func builderKeepsEmptySpansAndMergesText() {
        var builder = AttributedTextBuilder()
        builder.appendText("a")
        builder.appendText("b")
        let link = builder.openSpan(.link(destination: "x", title: ""))
        builder.closeSpan()
        builder.openSpan(.emphasis)
        builder.appendText("c")
        let text = builder.finish()
        #expect(text.string == "abc")
        #expect(
            text.runs == [
                TextRun(length: 2, span: nil), TextRun(length: 0, span: link), TextRun(length: 1, span: 1),
            ])
    }

    struct Recorder: BlockWalker, InlineWalker {
        var events: [String] = []
        var skipLists = false

        mutating func willEnter(_ blocks: Span<Block>, index: Int, ancestors: [Int]) -> Bool {
            events.append("enter \(index) under \(ancestors)")
            if case .list = blocks[index].kind { return !skipLists }
            return true
        }

        mutating func didExit(_ blocks: Span<Block>, index: Int, ancestors: [Int]) {
            events.append("exit \(index)")
        }

        mutating func enterSpan(_ span: InlineSpan, id: Int) { events.append("<\(id)>") }
        mutating func exitSpan(_ span: InlineSpan, id: Int) { events.append("</\(id)>") }
        mutating func visitText(_ text: Substring, span: Int?) { events.append(String(text)) }
        mutating func visitAttachment(_ index: Int, span: Int?) { events.append("[image \(index)]") }
    }

    @Test func blockWalkEntersAndExitsInOrder() {
        let document = MarkdownReader.read("> - a\n\nb\n")
        var recorder = Recorder()
        document.walk(&recorder)
        #expect(
            recorder.events == [
                "enter 0 under []", "enter 1 under [0]", "enter 2 under [0, 1]", "enter 3 under [0, 1, 2]",
                "exit 3", "exit 2", "exit 1", "exit 0", "enter 4 under []", "exit 4",
            ])
        var skipping = Recorder(skipLists: true)
        document.walk(&skipping)
        #expect(
            skipping.events == [
                "enter 0 under []", "enter 1 under [0]", "exit 1", "exit 0", "enter 4 under []", "exit 4",
            ])
    }

    @Test func inlineWalkOpensSpansOutermostFirst() throws {
        let document = MarkdownReader.read("x **_a_ b** ![c](d)")
        let text = try #require(document.blocks.first?.content)
        var recorder = Recorder()
        text.walk(&recorder)
        #expect(recorder.events == ["x ", "<0>", "<1>", "a", "</1>", " b", "</0>", " ", "[image 0]"])
    }

    @Test("Bytes appended extend runs exactly as the same text appended as a string does")
    func builderAppendsBytesAsStrings() {
        func build(_ append: (inout AttributedTextBuilder, String) -> Void) -> AttributedText {
            var builder = AttributedTextBuilder(capacity: 2)
            append(&builder, "a")
            append(&builder, "")
            append(&builder, "bé")
            builder.openSpan(.emphasis)
            append(&builder, "c")
            append(&builder, "d")
            builder.closeSpan()
            builder.appendAttachment(0)
            append(&builder, "e")
            return builder.finish()
        }
        let fromStrings = build { $0.appendText($1) }
        let fromBytes = build { builder, string in
            builder.appendText(utf8: Array(string.utf8))
        }
        #expect(fromBytes == fromStrings)
        #expect(fromBytes.string == "abécd\u{FFFC}e")
        #expect(fromBytes.runs.map(\.length) == [4, 2, 3, 1])
    }

    @Test("A single plain run is walked by its own length and span, as any run is")
    func singleRunWalk() {
        var short = Recorder()
        AttributedText(string: "abc", runs: [TextRun(length: 2, span: nil)]).walk(&short)
        #expect(short.events == ["ab"])
        var whole = Recorder()
        AttributedText(string: "abc", runs: [TextRun(length: 3, span: nil)]).walk(&whole)
        #expect(whole.events == ["abc"])
        var empty = Recorder()
        AttributedText(string: "", runs: [TextRun(length: 0, span: nil)]).walk(&empty)
        #expect(empty.events == [])
    }

    @Test("A corrupt model (span cycles, bad indices, negative lengths) renders without hanging")
    func corruptModel() {
        let text = AttributedText(
            string: "abc\u{FFFC}",
            runs: [
                TextRun(length: 1, span: 0), TextRun(length: -5, span: 7), TextRun(length: 2, span: 1),
                TextRun(length: 3, span: nil, attachment: 0),
            ],
            spans: [InlineSpan(.emphasis, parent: 1), InlineSpan(.strong, parent: 0)])
        let image = ImageAttachment(
            destination: "i.png", title: "", location: nil,
            alt: AttributedText(string: "\u{FFFC}", runs: [TextRun(length: 3, span: nil, attachment: 0)]))
        let document = NoteDocument(
            blocks: [Block(.paragraph, depth: 3, content: text), Block(.heading(level: 1), depth: 1)],
            imageAttachments: [image])
        #expect(
            HTMLWriter().render(document)
                == "<p><em>a</em><em><strong>bc</strong></em><img src=\"i.png\" alt=\"\" /></p>\n<h1></h1>\n")
        #expect(document.title == "")
    }
}

struct TreeTests {
    @Test func childrenAndParents() {
        let document = MarkdownReader.read("> - a\n>   - b\n> - c\n\nd\n")
        // 0 quote, 1 list, 2 item, 3 para a, 4 list, 5 item, 6 para b, 7 item, 8 para c, 9 para d
        #expect(document.children(of: nil) == [0, 9])
        #expect(document.children(of: 1) == [2, 7])
        #expect(document.children(of: 2) == [3, 4])
        #expect(document.children(of: 9) == [])
        #expect(document.parent(of: 6) == 5)
        #expect(document.parent(of: 7) == 1)
        #expect(document.parent(of: 9) == nil)
    }
}
