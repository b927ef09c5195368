import MarkdownReader
import NoteModel
import Testing

/// The structure a flat attribute set would forget survives in the span stacks.
struct InlineSpanTests {
    private func content(_ markdown: String) throws -> AttributedText {
        let document = MarkdownReader.read(markdown)
        return try #require(document.blocks.first?.content)
    }

    private func kinds(_ text: AttributedText, run: Int) -> [InlineKind] {
        text.spanStack(of: text.runs[run]).map { text.spans[$0].kind }
    }

    @Test func nestedStrongStaysTwoSpans() throws {
        let text = try content("****foo****")
        #expect(text.string == "foo")
        #expect(kinds(text, run: 0) == [.strong, .strong])
    }

    @Test func nestingOrderIsKept() throws {
        let outer = try content("**_foo_**")
        let inner = try content("_**foo**_")
        #expect(kinds(outer, run: 0) == [.strong, .emphasis])
        #expect(kinds(inner, run: 0) == [.emphasis, .strong])
    }

    @Test func adjacentLinksStayTwo() throws {
        let text = try content("[a](x)[b](x)")
        #expect(text.runs.count == 2)
        let first = text.spanStack(of: text.runs[0])
        let second = text.spanStack(of: text.runs[1])
        #expect(first.count == 1 && second.count == 1 && first != second)
        #expect(text.spans[first[0]].kind == .link(destination: "x", title: ""))
    }

    @Test func emptyLinkIsKept() throws {
        let text = try content("a[](x)b")
        #expect(text.string == "ab")
        #expect(text.runs.map(\.length) == [1, 0, 1])
    }

    @Test func breaksAreSpans() throws {
        let text = try content("a\nb  \nc")
        #expect(text.string == "a\nb\nc")
        #expect(text.spans.map(\.kind) == [.softBreak, .lineBreak])
    }
}
