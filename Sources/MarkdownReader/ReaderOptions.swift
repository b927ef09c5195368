/// How ``MarkdownReader`` parses.
public struct ReaderOptions: Sendable, Hashable {
    /// Which Markdown: pure CommonMark, GitHub's extensions, or the notes syntax on top of them.
    public enum Syntax: String, Sendable, Hashable, CaseIterable { case commonmark, gfm, notes }

    /// Keep raw HTML (cmark's CMARK_OPT_UNSAFE).
    public var unsafe: Bool
    /// Smart punctuation (cmark's CMARK_OPT_SMART).
    public var smart: Bool
    public var syntax: Syntax

    public init(unsafe: Bool = false, smart: Bool = false, syntax: Syntax = .commonmark) {
        self.unsafe = unsafe
        self.smart = smart
        self.syntax = syntax
    }
}
