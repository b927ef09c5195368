/// A stretch of an ``AttributedText``'s string that shares one span stack.
public struct TextRun: Sendable, Hashable, Codable {
    /// Length in UTF-8 bytes.
    public var length: Int
    /// The innermost span (index into ``AttributedText/spans``), nil for plain text at the top.
    public var span: Int?
    /// For an attachment run (one U+FFFC): the index into ``NoteDocument/imageAttachments``.
    public var attachment: Int?

    public init(length: Int, span: Int?, attachment: Int? = nil) {
        self.length = length
        self.span = span
        self.attachment = attachment
    }
}
