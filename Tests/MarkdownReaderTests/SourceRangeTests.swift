import Foundation
import MarkdownReader
import NoteModel
import Testing

/// Every block, inline span and image knows where it is written (issue 11): the source at its
/// range is the construct, delimiters included, wherever cmark's own inline positions drift.
struct SourceRangeTests {
    @Test func everyInlineKindCoversItsDelimiters() {
        let note = RangedNote(
            "A *em* **strong** [link](to.md \"t\") `code` ![img](p.png) <b>h</b> <https://x.org>\n"
                + "[[Wiki|shown]] ![[Note]] ![[pic.png|30]] #tag ==mark== $x^2$ ~~gone~~ and[^1].\n\n"
                + "[^1]: The note.\n")
        #expect(note.slices { $0 == .emphasis } == ["*em*"])
        #expect(note.slices { $0 == .strong } == ["**strong**"])
        #expect(
            note.slices { if case .link = $0 { true } else { false } } == [
                "[link](to.md \"t\")", "<https://x.org>",
            ])
        #expect(note.slices { $0 == .code } == ["`code`"])
        #expect(note.slices { $0 == .html } == ["<b>", "</b>"])
        #expect(note.imageSlices == ["![img](p.png)", "![[pic.png|30]]"])
        #expect(note.slices { if case .wikilink = $0 { true } else { false } } == ["[[Wiki|shown]]"])
        #expect(note.slices { if case .embed = $0 { true } else { false } } == ["![[Note]]"])
        #expect(note.slices { if case .tag = $0 { true } else { false } } == ["#tag"])
        #expect(note.slices { $0 == .highlight } == ["==mark=="])
        #expect(note.slices { if case .math = $0 { true } else { false } } == ["$x^2$"])
        #expect(note.slices { $0 == .strikethrough } == ["~~gone~~"])
        #expect(note.slices { if case .footnoteReference = $0 { true } else { false } } == ["[^1]"])
        #expect(note.slices { $0 == .softBreak } == ["\n"])
    }

    @Test func continuationLinesInQuotesAndListsWithTabsAndMultibyteText() throws {
        let markdown =
            "> Zürich *a*\n> ☃☃ **b\n>\tc**\n\n- item\n  lazy `d`\nlazier [e](f)\n\n   foo\n      *bar*\n"
        let note = RangedNote(markdown)
        #expect(note.slices { $0 == .emphasis } == ["*a*", "*bar*"])
        #expect(note.slices { $0 == .strong } == ["**b\n>\tc**"])
        #expect(note.slices { $0 == .code } == ["`d`"])
        #expect(note.slices { if case .link = $0 { true } else { false } } == ["[e](f)"])
        let emphasis = note.spans.filter { $0.span.kind == .emphasis }.compactMap(\.span.range)
        // `Zürich ` is 8 bytes: columns count bytes, as cmark's do.
        #expect(emphasis.first?.start == SourcePosition(line: 1, column: 11, offset: 10))
        #expect(emphasis.last?.start.line == 10 && emphasis.last?.start.column == 7)
        let code = try #require(note.spans.first { $0.span.kind == .code }?.span.range)
        #expect(code.start.line == 6 && code.start.column == 8 && code.end.column == 11)
    }

    @Test func hardBreaksAndMultilineLinkTitlesKeepTheLines() {
        // cmark's own inline lines are one short after these; the ranges are not.
        let note = RangedNote("a\\\nb *c*\n[d](e\n\"f\ng\") *h*\n")
        #expect(note.slices { $0 == .lineBreak } == ["\\\n"])
        #expect(note.slices { $0 == .emphasis } == ["*c*", "*h*"])
        let lines = note.spans.filter { $0.span.kind == .emphasis }.compactMap(\.span.range?.start.line)
        #expect(lines == [2, 5])
        #expect(note.slices { if case .link = $0 { true } else { false } } == ["[d](e\n\"f\ng\")"])
    }

    @Test func windowsAndOldMacLineEndings() {
        for ending in ["\r\n", "\r"] {
            let note = RangedNote("> a *b*\(ending)> c `d`\(ending)\(ending)e **f**\(ending)")
            #expect(note.slices { $0 == .emphasis } == ["*b*"])
            #expect(note.slices { $0 == .code } == ["`d`"])
            #expect(note.slices { $0 == .strong } == ["**f**"])
            #expect(note.slices { $0 == .softBreak } == [ending])
            let strong = note.spans.first { $0.span.kind == .strong }?.span.range
            #expect(strong?.start.line == 4 && strong?.start.column == 3)
        }
    }

    @Test func tableCellsAndTheirSpans() {
        let note = RangedNote("| a | b |\n| - | - |\n| *x* | [[y\\|z]] `q` |\n")
        #expect(note.slices { $0 == .emphasis } == ["*x*"])
        #expect(note.slices { $0 == .code } == ["`q`"])
        #expect(note.slices { if case .wikilink = $0 { true } else { false } } == ["[[y\\|z]]"])
        let cells = note.document.blocks.filter { if case .tableCell = $0.kind { true } else { false } }
        #expect(cells.compactMap { note.slice($0.range) } == ["a", "b", "*x*", "[[y\\|z]] `q`"])
    }

    @Test func blocksHaveRangesAndLocationsAgree() {
        let note = RangedNote(
            "---\ntitle: T\n---\n# Head *x*\n\n> quote\n\n```swift\ncode\n```\n\n<div>\nhi\n</div>\n")
        let slices = note.document.blocks.map { note.slice($0.range) ?? "<none>" }
        #expect(slices == ["# Head *x*", "> quote", "quote", "```swift\ncode\n```", "<div>\nhi\n</div>"])
        for block in note.document.blocks {
            #expect(block.range?.start.line == block.start?.line)
            #expect(block.range?.start.column == block.start?.column)
        }
        #expect(note.slices { $0 == .emphasis } == ["*x*"])
    }

    @Test func escapesAndEntitiesInsideSpans() {
        let note = RangedNote("*a \\* &amp; &ouml;* `x` **y**")
        #expect(note.slices { $0 == .emphasis } == ["*a \\* &amp; &ouml;*"])
        #expect(note.slices { $0 == .code } == ["`x`"])
        #expect(note.slices { $0 == .strong } == ["**y**"])
    }

    @Test func commonMarkAndGFMSyntaxesHaveRangesToo() {
        for syntax in [Syntax.commonmark, .gfm] {
            let note = RangedNote("  para *a*\n  next `b`\n", syntax: syntax)
            #expect(note.slices { $0 == .emphasis } == ["*a*"])
            #expect(note.slices { $0 == .code } == ["`b`"])
        }
    }

    @Test func rangesSurviveCodable() throws {
        let note = RangedNote("# *a*\n\n![b](c.png) [[d]]\n")
        let data = try JSONEncoder().encode(note.document)
        let decoded = try JSONDecoder().decode(NoteDocument.self, from: data)
        #expect(decoded == note.document)
        #expect(decoded.imageAttachments.first?.range?.start.offset == 7)
    }
}
