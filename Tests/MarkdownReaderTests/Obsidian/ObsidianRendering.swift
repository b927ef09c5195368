import MarkdownReader
import NoteHTML
import NoteModel

/// Reads and writes with Obsidian's syntax.
enum Obsidian {
    static func read(_ markdown: String) -> NoteDocument {
        MarkdownReader.read(markdown, file: "note.md", options: ReaderOptions(syntax: .obsidian))
    }

    static func html(_ markdown: String, _ configure: (inout HTMLWriter) -> Void = { _ in }) -> String {
        var writer = HTMLWriter()
        configure(&writer)
        return writer.render(read(markdown))
    }
}
