internal import CCmark
public import NoteModel

public enum MarkdownReader {
    /// Parses CommonMark into the attributed model. `file` names the source in locations.
    public static func read(_ markdown: String, file: String = "", options: ReaderOptions = .init())
        -> NoteDocument
    {
        let notes = options.syntax == .notes ? NotesSource(markdown, file: file) : nil
        let markdown = notes?.parsedText ?? markdown
        var flags = CMARK_OPT_SOURCEPOS
        if options.unsafe { flags |= CMARK_OPT_UNSAFE }
        if options.smart { flags |= CMARK_OPT_SMART }
        // utf8CString keeps embedded NULs (cmark turns them into U+FFFD); drop the terminator.
        let root = markdown.utf8CString.withUnsafeBufferPointer { bytes in
            cmark_parse_document(bytes.baseAddress, bytes.count - 1, flags)
        }
        guard let root else { return NoteDocument() }
        defer { cmark_node_free(root) }
        var converter = CmarkConverter(file: file, source: SourceText(markdown))
        converter.notes = notes?.expander
        var document = converter.convert(root)
        if let notes { notes.finish(&document) }
        return document
    }
}
