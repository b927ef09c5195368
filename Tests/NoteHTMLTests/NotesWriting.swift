import MarkdownReader
import NoteHTML
import NoteModel

/// A note read with the notes syntax and written, for writer tests whose input is easiest said in
/// Markdown.
enum Notes {
    static func html(_ markdown: String, _ configure: (inout HTMLWriter) -> Void = { _ in }) -> String {
        var writer = HTMLWriter()
        configure(&writer)
        return writer.render(
            MarkdownReader.read(markdown, file: "note.md", options: ReaderOptions(syntax: .obsidian)))
    }
}
