// STUB (skeleton): the model helper replaces this file with the real attributed model,
// keeping the public API below.

/// An image written in a note: an attachment in the attributed model.
public struct ImageAttachment: Sendable, Hashable, Codable {
    /// The destination as cmark reports it (entities and escapes resolved, not percent-decoded).
    public var destination: String
    public var title: String
    /// Where the image's `!` is in the source.
    public var location: SourceLocation?

    public init(destination: String, title: String, location: SourceLocation?) {
        self.destination = destination
        self.title = title
        self.location = location
    }
}

/// A parsed note.
public struct NoteDocument: Sendable, Hashable, Codable {
    public init() {}

    /// Every image attachment in document order (pre-order; nested ones inside alt text included).
    public var imageAttachments: [ImageAttachment] { [] }

    /// The plain text of the first level-1 heading, if any.
    public var title: String? { nil }
}
