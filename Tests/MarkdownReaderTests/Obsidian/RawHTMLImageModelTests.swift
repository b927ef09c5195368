import MarkdownReader
import NoteHTML
import NoteModel
import Testing

/// `<img>` tags in raw HTML are images of the note's model, found once when it is read (issue 12).
struct RawHTMLImageModelTests {
    static let markdown =
        "Text <img src=\"i9.png\" alt=\"i9\"> here.\n\n  <div><IMG SRC='i10.png' width=\"300\" class=x></div>\n"

    @Test func imgTagsAreAttachmentsWithTheirPlaceAndAttributes() throws {
        let note = RangedNote(Self.markdown)
        let images = note.document.imageAttachments
        #expect(images.map(\.destination) == ["i9.png", "i10.png"])
        #expect(note.document.altText(ofImage: 0) == "i9")
        #expect(images[1].size == ImageSize(width: 300, height: nil))
        #expect(
            note.imageSlices == [
                "<img src=\"i9.png\" alt=\"i9\">", "<IMG SRC='i10.png' width=\"300\" class=x>",
            ])
        #expect(images[1].location == SourceLocation(file: "n.md", line: 3, column: 8))
        #expect(images[1].html?.attributes.map(\.name) == ["src", "width", "class"])
        // The tag's place inside the HTML block's literal (which keeps the block's indentation).
        #expect(images[1].html?.tag == 7..<46)
        let html = try #require(note.document.blocks.last)
        #expect(html.content?.runs.compactMap(\.attachment) == [1])
    }

    @Test func writersShowTheImagesOfOmittedHTMLAndSpliceKeptHTML() {
        let document = Obsidian.read(Self.markdown)
        #expect(
            HTMLWriter().render(document)
                == "<p>Text <img src=\"i9.png\" alt=\"i9\" /> here.</p>\n<p><img src=\"i10.png\" alt=\"\" width=\"300\" /></p>\n"
        )
        var writer = HTMLWriter(unsafe: true)
        writer.imageHook = { index, image, _ in "<img src=\"r\(index).webp\">" }
        #expect(
            writer.render(document)
                == "<p>Text <img src=\"r0.webp\"> here.</p>\n  <div><img src=\"r1.webp\"></div>\n")
        #expect(
            HTMLWriter(unsafe: true).render(document) == "<p>Text <img src=\"i9.png\" alt=\"i9\"> here.</p>\n"
                + "  <div><IMG SRC='i10.png' width=\"300\" class=x></div>\n", "no hook: the HTML as written")
    }

    @Test func remoteSourcesAndOtherSyntaxesMakeNoImages() {
        #expect(
            Obsidian.read("<img src=\"https://x.org/a.png\"> <img src=\"data:image/png;base64,A\">")
                .imageAttachments.isEmpty)
        for syntax in [Syntax.commonmark, .gfm] {
            let document = MarkdownReader.read(Self.markdown, options: ReaderOptions(syntax: syntax))
            #expect(document.imageAttachments.isEmpty, "CommonMark and GFM stay exactly cmark's")
        }
    }
}
