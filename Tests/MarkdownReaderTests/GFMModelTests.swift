import Foundation
import MarkdownReader
import NoteHTML
import NoteModel
import Testing

/// GFM in the model: tables, tasks, strikethrough, autolinks and footnotes are ordinary flat blocks
/// and spans that survive `Codable`, and images inside them stay attachments at their `![`.
struct GFMModelTests {
    static func read(_ markdown: String) -> NoteDocument {
        MarkdownReader.read(markdown, file: "note.md", options: ReaderOptions(syntax: .gfm))
    }

    @Test(
        "Every GFM example round-trips through JSON with identical HTML",
        .enabled(if: Corpus.shouldRun, "../shared/corpora is absent"), arguments: GFMCorpus.all)
    func roundTrip(_ example: GFMExample) throws {
        let document = Self.read(example.markdown)
        let decoded = try Rendering.roundTrip(document)
        #expect(decoded == document)
        let writer = HTMLWriter(unsafe: true, tagFilter: true)
        #expect(writer.render(decoded) == writer.render(document))
        let lines = ModelChecks.sourceLines(example.markdown)
        for image in document.imageAttachments {
            let line = image.location?.line ?? 0
            let column = image.location?.column ?? 0
            #expect(
                ModelChecks.startsImage(lines, line: line, column: column), "\(line):\(column) is not at `![`"
            )
        }
        #expect(Rendering.attachmentReferences(document).sorted() == Array(document.imageAttachments.indices))
    }

    @Test("A table is a table block with rows and aligned cells, positioned in the source")
    func table() {
        let document = Self.read("Intro\n| a | *b* | c |\n|:--|:-:|--:|\n| ![i](x.png) \\| y |\n")
        let kinds = document.blocks.map(\.kind)
        #expect(kinds.first == .paragraph)
        #expect(kinds[1] == .table(alignments: [.left, .center, .right]))
        #expect(kinds[2] == .tableRow(header: true))
        let cells = document.blocks.filter { if case .tableCell = $0.kind { true } else { false } }
        #expect(
            cells.map(\.kind)
                == [.left, .center, .right, .left, .center, .right].map { .tableCell(alignment: $0) })
        #expect(cells[1].content?.spans.first?.kind == .emphasis)
        #expect(cells[3].content?.string == "\u{FFFC} | y")
        #expect(cells[3].location(in: "note.md") == SourceLocation(file: "note.md", line: 4, column: 3))
        #expect(cells[4].content?.isEmpty == true, "a missing cell is padded")
        #expect(
            document.imageAttachments.first?.location == SourceLocation(file: "note.md", line: 4, column: 3))
        #expect(document.blocks[1].depth == 1 && document.blocks[2].depth == 2 && cells[0].depth == 3)
    }

    @Test("Task items carry their checked state; the box leaves the text")
    func tasks() {
        let document = Self.read("- [ ] open\n- [x] done\n- [ ]\n")
        let items = document.blocks.filter { $0.depth == 2 }.map(\.kind)
        #expect(items == [.taskItem(checked: false), .taskItem(checked: true), .item])
        #expect(document.blocks.compactMap(\.content).map(\.string) == ["open", "done", "[ ]"])
    }

    @Test("Strikethrough, autolinks and footnote references are spans")
    func spans() throws {
        let document = Self.read("~~gone~~ www.example.com a@b.co[^n]\n\n[^n]: Note.\n")
        let text = try #require(document.blocks.first?.content)
        let kinds = text.spans.map(\.kind)
        #expect(kinds.contains(.strikethrough))
        #expect(kinds.contains(.link(destination: "http://www.example.com", title: "")))
        #expect(kinds.contains(.link(destination: "mailto:a@b.co", title: "")))
        #expect(kinds.contains(.footnoteReference(label: "n", number: 1, occurrence: 1)))
        let footnote = try #require(document.blocks.last { $0.depth == 1 })
        #expect(footnote.kind == .footnoteDefinition(label: "n", number: 1, references: 1))
        #expect(footnote.location(in: "note.md") == SourceLocation(file: "note.md", line: 3, column: 1))
        #expect(document.blocks.last?.content?.string == "Note.")
        #expect(document.blocks.last?.start?.line == 3)
    }

    @Test("Footnotes are numbered by first reference and move to the end; unused ones are dropped")
    func footnoteOrder() {
        let document = Self.read("[^b]: Bee.\n\n[^a]: Ay.\n\n[^c]: Sea.\n\nx[^a] y[^b] z[^A]\n")
        let footnotes = document.blocks.compactMap { block -> String? in
            guard case .footnoteDefinition(let label, let number, let references) = block.kind else {
                return nil
            }
            return "\(number):\(label):\(references)"
        }
        #expect(footnotes == ["1:a:2", "2:b:1"])
        #expect(document.blocks.first?.kind == .paragraph)
    }

    @Test("CommonMark syntax leaves GFM alone")
    func commonmarkUnchanged() {
        let markdown = "| a |\n|---|\n~~x~~ www.a.com [^1]\n\n[^1]: y\n"
        let document = MarkdownReader.read(markdown)
        #expect(HTMLWriter().render(document) == CmarkReference.html(markdown, unsafe: false))
    }

    @Test("The tag filter escapes only the listed tags, also in unsafe mode")
    func tagFilter() {
        let document = Self.read("<script>x</script>\n\n<b>ok</b> <Title> <xmp/>\n")
        let html = HTMLWriter(unsafe: true, tagFilter: true).render(document)
        #expect(html == "&lt;script>x&lt;/script>\n<p><b>ok</b> &lt;Title> &lt;xmp/></p>\n")
        #expect(HTMLWriter(unsafe: true).render(document).contains("<script>"))
    }

    @Test("A URL and an e-mail address in one note both become links, in text and around a URL")
    func urlAndEmail() throws {
        let document = Self.read("see www.a.com or b@c.org\n\nhttps://d.org/x then e@f.org\n")
        let links = document.blocks.compactMap(\.content).flatMap(\.spans).map(\.kind)
        #expect(
            links == [
                .link(destination: "http://www.a.com", title: ""),
                .link(destination: "mailto:b@c.org", title: ""),
                .link(destination: "https://d.org/x", title: ""),
                .link(destination: "mailto:e@f.org", title: ""),
            ])
        // Only an address: the URL pass finds nothing and the e-mail pass reuses its text nodes.
        let only = Self.read("write to g@h.org or *i@j.org*\n")
        let kinds = try #require(only.blocks.first?.content).spans.map(\.kind)
        #expect(kinds.filter { $0 == .link(destination: "mailto:g@h.org", title: "") }.count == 1)
        #expect(kinds.filter { $0 == .link(destination: "mailto:i@j.org", title: "") }.count == 1)
    }

    @Test("An escaped tilde is text, not a delimiter, and code keeps its backslash")
    func escapedTilde() throws {
        let document = Self.read("\\~~no~~ `\\~` [l](a\\~b)\n")
        let text = try #require(document.blocks.first?.content)
        #expect(!text.spans.contains { $0.kind == .strikethrough })
        #expect(text.string == "~~no~~ \\~ l")
        #expect(text.spans.contains { $0.kind == .link(destination: "a~b", title: "") })
        #expect(!text.string.unicodeScalars.contains { $0.value == 0x378 })
    }
}
