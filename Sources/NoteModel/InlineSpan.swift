/// One inline span (emphasis, a link, a code span...) over part of an ``AttributedText``.
public struct InlineSpan: Sendable, Hashable, Codable {
    public var kind: InlineKind
    /// The enclosing span's index, nil at the top.
    public var parent: Int?
    /// Where the span is written, delimiters included (`*a*`, `[a](x)`, `[[a]]`).
    public var range: SourceRange?

    public init(_ kind: consuming InlineKind, parent: Int?, range: SourceRange? = nil) {
        self.range = range
        self.kind = kind
        self.parent = parent
    }
}
