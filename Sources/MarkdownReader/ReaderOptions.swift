/// How ``MarkdownReader`` parses.
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
