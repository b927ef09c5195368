internal import CCmark
internal import CCmarkArena
public import NoteModel

public enum MarkdownReader {
    /// Parses Markdown into the attributed model: CommonMark, plus GitHub's extensions unless
    /// `options.syntax` is `.commonmark`. `file` names the source in locations.
    public static func read(_ markdown: String, file: String = "", options: ReaderOptions = .init())
        -> NoteDocument
    {
        read(utf8: Array(markdown.utf8), file: file, options: options)
    }

    /// ``read(_:file:options:)`` of text that is already bytes, which must be well-formed UTF-8
    /// (``UTF8Validation`` tells): the model's strings are cut from them.
    public static func read(utf8 markdown: [UInt8], file: String = "", options: ReaderOptions = .init())
        -> NoteDocument
    {
        let obsidian = options.syntax == .obsidian ? ObsidianSource(utf8: markdown, file: file) : nil
        var flags = CMARK_OPT_SOURCEPOS
        if options.unsafe { flags |= CMARK_OPT_UNSAFE }
        if options.smart { flags |= CMARK_OPT_SMART }
        let source = obsidian?.parsed ?? SourceText(bytes: markdown)
        var extensions = options.syntax.hasGFM ? GFMExtensions(source: source) : nil
        extensions?.anyTaskState = obsidian != nil
        // cmark turns embedded NULs into U+FFFD.
        let bytes = extensions?.markdown ?? source.bytes
        // Every tree of this read (the note's, table cells', footnote bodies') lives in the thread's
        // arena and goes with it at the end, not node by node.
        notesite_cmark_arena_enter()
        defer { notesite_cmark_arena_leave() }
        guard let root = CmarkTree.parse(bytes, flags: flags) else { return NoteDocument() }
        var converter = CmarkConverter(file: file, source: source)
        converter.obsidian = obsidian?.expander
        if let obsidian { converter.originalBytes = obsidian.originalBytes }
        var document: NoteDocument
        if let extensions {
            let applied = extensions.apply(root, flags: flags)
            converter.marks = applied.marks
            document = converter.convert(root)
        } else {
            document = converter.convert(root)
        }
        if let obsidian { obsidian.finish(&document) }
        return document
    }
}
