import MarkdownReader
import NoteModel
import Testing

@testable import SiteBuilder

/// A heading's source text is cut from the note at the heading's range (no second line table).
struct HeadingSourceTextTests {
    @Test func atxAndSetextHeadingsAsWritten() {
        let text = "Intro\n\n## The `code` *x* ##\n\n> Two\n>   lines\n> ---\n\n  # Ünïcode\r\nafter\n"
        let document = MarkdownReader.read(text, file: "n.md", options: ReaderOptions(syntax: .notes))
        let sources = document.blocks.compactMap { block -> String? in
            guard case .heading = block.kind else { return nil }
            return NoteOutline.sourceText(ofHeading: block, in: text)
        }
        #expect(sources == [" The `code` *x*", "Two\nlines", " Ünïcode"])
    }
}
