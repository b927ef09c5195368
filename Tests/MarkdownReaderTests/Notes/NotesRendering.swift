import MarkdownReader
import NoteHTML
import NoteModel

/// Reads and writes with the notes syntax.
enum Notes {
    static func read(_ markdown: String) -> NoteDocument {
        MarkdownReader.read(markdown, file: "note.md", options: ReaderOptions(syntax: .notes))
    }

    static func html(_ markdown: String, _ configure: (inout HTMLWriter) -> Void = { _ in }) -> String {
        var writer = HTMLWriter()
        configure(&writer)
        return writer.render(read(markdown))
    }
}
