/// How ``MarkdownReader`` parses.
public struct ReaderOptions: Sendable, Hashable {
    /// Keep raw HTML (cmark's CMARK_OPT_UNSAFE).
    public var unsafe: Bool
    /// Smart punctuation (cmark's CMARK_OPT_SMART).
    public var smart: Bool
    /// Which Markdown dialect to read.
    public var syntax: Syntax

    public init(unsafe: Bool = false, smart: Bool = false, syntax: Syntax = .commonmark) {
        self.unsafe = unsafe
        self.smart = smart
        self.syntax = syntax
    }
}
