/// An image written in a note: an attachment in the attributed model, carried by one U+FFFC
/// in an ``AttributedText`` whose run points at it.
public struct ImageAttachment: Sendable, Hashable, Codable {
    /// The destination as cmark reports it (entities and escapes resolved, not percent-decoded).
    public var destination: String
    public var title: String
    /// Where the image's `!` is in the source.
    public var location: SourceLocation?
    /// The alt text, attributed. Images inside it are attachment runs whose indices point into
    /// the same ``NoteDocument/imageAttachments`` table (never nested values: the model stays flat).
    public var alt: AttributedText
    /// A size the note asks for (set by syntax extensions; nil from CommonMark).
    public var size: ImageSize?

    public init(
        destination: String, title: String, location: SourceLocation?, alt: AttributedText = AttributedText(),
        size: ImageSize? = nil
    ) {
        self.destination = destination
        self.title = title
        self.location = location
        self.alt = alt
        self.size = size
    }
}
