/// One inline span (emphasis, a link, a code span...) over part of an ``AttributedText``.
public struct InlineSpan: Sendable, Hashable, Codable {
    public var kind: InlineKind
    /// The enclosing span's index, nil at the top.
    public var parent: Int?
    /// Free attributes for extensions (ids, classes); cmark's own spans leave it empty.
    public var attributes: [String: String]

    public init(_ kind: InlineKind, parent: Int?, attributes: [String: String] = [:]) {
        self.kind = kind
        self.parent = parent
        self.attributes = attributes
    }
}
