// STUB (skeleton): the model helper replaces this with cmark -> model conversion.
internal import CCmark
public import NoteModel

public struct ReaderOptions: Sendable, Hashable {
    /// Keep raw HTML (cmark's CMARK_OPT_UNSAFE).
    public var unsafe: Bool
    /// Smart punctuation (cmark's CMARK_OPT_SMART).
    public var smart: Bool

    public init(unsafe: Bool = false, smart: Bool = false) {
        self.unsafe = unsafe
        self.smart = smart
    }
}

public enum MarkdownReader {
    /// Parses CommonMark into the attributed model. `file` names the source in locations.
    public static func read(_ markdown: String, file: String = "", options: ReaderOptions = .init())
        -> NoteDocument
    {
        NoteDocument()
    }
}
