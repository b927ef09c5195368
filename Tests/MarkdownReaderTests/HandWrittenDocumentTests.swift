import MarkdownReader
import NoteHTML
import NoteModel
import Testing

/// A note with every block and inline kind, through the model and back to cmark's HTML.
struct HandWrittenDocumentTests {
    static let markdown = """
        # Trip to *Lisbon*

        Setext heading
        --------------

        A paragraph with *emphasis*, **strong**, `code`, <span>html</span>, a [link](https://x.org/a b "T&C"),
        an autolink <https://example.com/?a=1&b=2>, a hard\\
        break, a soft
        break, and an image ![alt *with* `code`](photos/beach.jpg "Beach").

        > A quote with a list:
        >
        > 1. one
        > 2. two

        3) three
        4) four

        - tight
        - list

        - loose

          second paragraph
        - [x] not a task list in CommonMark

        ```swift extra words
        let x = "<y>"
        ```

            indented code

        <div class="raw">
        block HTML
        </div>

        ***

        [ref]: /url 'title'
        Using [a reference][ref] and ![an image ![nested](in.png)](out.png).
        Unsafe links: [js](javascript:alert(1)) ![data](data:image/png;base64,AAA) [file](FILE:///etc/passwd).

        """

    @Test("Every block and inline kind renders as cmark does, safe and unsafe")
    func rendersAsCmark() throws {
        for unsafe in [false, true] {
            let document = MarkdownReader.read(Self.markdown, options: ReaderOptions(unsafe: unsafe))
            let html = HTMLWriter(unsafe: unsafe).render(document)
            #expect(html == CmarkReference.html(Self.markdown, unsafe: unsafe), "unsafe: \(unsafe)")
        }
        try ModelChecks.check(Self.markdown)
    }

    @Test("The model holds each kind of block")
    func blockKinds() {
        let document = MarkdownReader.read(Self.markdown, file: "trip.md")
        let kinds = document.blocks.map(\.kind)
        #expect(kinds.first == .heading(level: 1))
        #expect(kinds.contains(.heading(level: 2)))
        #expect(kinds.contains(.blockQuote))
        #expect(kinds.contains(.thematicBreak))
        #expect(kinds.contains(.codeBlock(info: "swift extra words", literal: "let x = \"<y>\"\n")))
        #expect(kinds.contains(.codeBlock(info: "", literal: "indented code\n")))
        #expect(kinds.contains(.htmlBlock(literal: "<div class=\"raw\">\nblock HTML\n</div>\n")))
        let lists = kinds.compactMap { kind -> ListStyle? in
            if case .list(let style) = kind { return style }
            return nil
        }
        #expect(lists.map(\.kind) == [.ordered, .ordered, .bullet])
        #expect(lists.map(\.start) == [1, 3, 0])
        #expect(lists.map(\.delimiter) == [.period, .parenthesis, .none])
        // A blank line between two items makes the whole bullet list loose.
        #expect(lists.map(\.tight) == [true, true, false])
        #expect(document.title == "Trip to Lisbon")
        #expect(document.headings.map(\.text) == ["Trip to Lisbon", "Setext heading"])
        #expect(
            document.blocks[0].location(in: "trip.md") == SourceLocation(file: "trip.md", line: 1, column: 1))
        #expect(
            document.blocks[1].location(in: "trip.md") == SourceLocation(file: "trip.md", line: 3, column: 1))
        #expect(document.blocks[0].end == LineColumn(line: 1, column: 18))
    }

    @Test("Images are attachments: U+FFFC, destination, title, location, attributed alt")
    func imageAttachments() throws {
        let document = MarkdownReader.read(Self.markdown, file: "trip.md")
        #expect(
            document.imageAttachments.map(\.destination) == [
                "photos/beach.jpg", "out.png", "in.png", "data:image/png;base64,AAA",
            ])
        let beach = try #require(document.imageAttachments.first)
        #expect(beach.title == "Beach")
        #expect(beach.location == SourceLocation(file: "trip.md", line: 9, column: 21))
        #expect(beach.alt.string == "alt with code")
        #expect(beach.alt.spans.map(\.kind) == [.emphasis, .code])
        #expect(document.altText(ofImage: 1) == "an image nested")
        #expect(document.imageAttachments[1].alt.runs.compactMap(\.attachment) == [2])
        let paragraph = try #require(
            document.blocks.first { $0.content?.runs.contains { $0.attachment == 0 } == true })
        let content = try #require(paragraph.content)
        #expect(content.string.filter { $0 == "\u{FFFC}" }.count == 1)
    }

    @Test(
        "Image locations point at the `!` where cmark's inline positions drift",
        arguments: [
            ("a\\\nb ![x](y)", 2, 3),  // after a backslash hard break cmark says line 1
            ("a\n   ![x](y)", 2, 4),  // indented continuation: cmark says column 1
            ("> a\n  ![x](y)", 2, 3),  // lazy continuation: cmark says column 5
            ("[a](b \"x\ny\") ![x](y)", 2, 5),  // a title over two lines
            ("[r]: /u\nSee ![x](y)", 2, 5),  // after a reference definition cmark says line 1
            ("x\n- a\\\n  b ![x](y) ![z](w)", 3, 13),  // the second image of a drifting line
            ("é ![x](y)", 1, 4),  // columns count bytes
        ])
    func driftingLocations(_ example: (String, Int, Int)) throws {
        let document = MarkdownReader.read(example.0)
        let image = try #require(document.imageAttachments.last)
        #expect(image.location?.line == example.1)
        #expect(image.location?.column == example.2)
        try ModelChecks.check(example.0)
    }

    @Test("The image hook replaces top-level images, in attachment order, with cmark's alt text")
    func imageHook() {
        let document = MarkdownReader.read("![a *b* ![c](y)\nd](x \"t\") and ![e](z)\n")
        var seen: [String] = []
        let writer = HTMLWriter(imageHook: { index, image, alt in
            index == 0 ? "<figure data-i=\"\(index)\" data-src=\"\(image.destination)\">\(alt)</figure>" : nil
        })
        let html = writer.render(document)
        #expect(
            html
                == "<p><figure data-i=\"0\" data-src=\"x\">a b c d</figure> and <img src=\"z\" alt=\"e\" /></p>\n"
        )
        _ = HTMLWriter(imageHook: { index, _, alt in
            seen.append("\(index):\(alt)")
            return nil
        }).render(document)
        #expect(seen == ["0:a b c d", "2:e"])
    }
}
