import NoteHTML
import NoteModel
import Testing

/// The writer on models made by hand, as any reader of another format would hand them over: no
/// Markdown on the way.
@Suite struct HandMadeModelTests {
    /// `a < b & **"c" *d***`, then an image whose alt text is emphasised.
    static func document() -> NoteDocument {
        var text = AttributedTextBuilder()
        text.appendText("a < b & ")
        _ = text.openSpan(.strong)
        text.appendText("\"c\" ")
        _ = text.openSpan(.emphasis)
        text.appendText("d")
        text.closeSpan()
        text.closeSpan()
        text.appendAttachment(0)
        var alt = AttributedTextBuilder()
        _ = alt.openSpan(.emphasis)
        alt.appendText("sea & sky")
        alt.closeSpan()
        let image = ImageAttachment(destination: "sea 1.png", title: "", location: nil, alt: alt.finish())
        return NoteDocument(
            blocks: [Block(.paragraph, depth: 1, content: text.finish())], imageAttachments: [image])
    }

    @Test func textIsEscapedSpansNestAndAltIsPlainText() {
        #expect(
            HTMLWriter().render(Self.document())
                == "<p>a &lt; b &amp; <strong>&quot;c&quot; <em>d</em></strong>"
                + "<img src=\"sea%201.png\" alt=\"sea &amp; sky\" /></p>\n")
    }

    @Test func theImageHookReplacesTheImageAndEveryRenderingAgrees() {
        var writer = HTMLWriter()
        writer.imageHook = { index, image, alt in "<figure>\(index) \(image.destination) \(alt)</figure>" }
        let html = writer.render(Self.document())
        #expect(html.hasSuffix("</strong><figure>0 sea 1.png sea & sky</figure></p>\n"), "\(html)")
        #expect(writer.renderUTF8(Self.document()) == Array(html.utf8))
        #expect(writer.renderWithFeatures(Self.document()).html == Array(html.utf8))
    }
}
