internal import CCmark
public import NoteModel

public enum MarkdownReader {
    /// Parses CommonMark (plus GFM's extensions unless `options.syntax` is `.commonmark`) into the attributed model. `file` names the source in locations.
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
        let source = SourceText(markdown)
        var converter = CmarkConverter(file: file, source: source)
        if options.syntax.hasGFM {
            converter.marks = GFMExtensions.apply(root, source: source, file: file, flags: flags)
        }
        converter.notes = notes?.expander
        var document = converter.convert(root)
        if let notes { notes.finish(&document) }
        return document
    }
}
