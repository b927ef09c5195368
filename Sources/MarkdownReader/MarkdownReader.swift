internal import CCmark
public import NoteModel

public enum MarkdownReader {
    /// Parses Markdown into the attributed model: CommonMark, plus GitHub's extensions unless
    /// `options.syntax` is `.commonmark`. `file` names the source in locations.
    public static func read(_ markdown: String, file: String = "", options: ReaderOptions = .init())
        -> NoteDocument
    {
        let notes = options.syntax == .notes ? NotesSource(markdown, file: file) : nil
        var flags = CMARK_OPT_SOURCEPOS
        if options.unsafe { flags |= CMARK_OPT_UNSAFE }
        if options.smart { flags |= CMARK_OPT_SMART }
        let source = notes?.parsed ?? SourceText(markdown)
        let extensions = options.syntax.hasGFM ? GFMExtensions(source: source, file: file) : nil
        // cmark turns embedded NULs into U+FFFD.
        let bytes = extensions?.markdown ?? source.bytes
        let root = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, flags) }
        }
        guard let root else { return NoteDocument() }
        defer { cmark_node_free(root) }
        var converter = CmarkConverter(file: file, source: source)
        converter.notes = notes?.expander
        if let notes { converter.originalBytes = notes.originalBytes }
        var document: NoteDocument
        if let extensions {
            let applied = extensions.apply(root, flags: flags)
            converter.marks = applied.marks
            defer { applied.bodies.map { cmark_node_free($0) } }
            document = converter.convert(root)
        } else {
            document = converter.convert(root)
        }
        if let notes { notes.finish(&document) }
        return document
    }
}
