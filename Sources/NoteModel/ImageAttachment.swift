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
    /// The image's whole source, `!` to the closing `)` or `]]`, or the `<img>` tag.
    public var range: SourceRange?
    /// Set for an `<img>` tag in raw HTML (Obsidian's syntax): the attachment run sits inside the HTML
    /// span, or in the content of the HTML block, that holds the tag.
    public var html: RawHTMLImage?

    public init(
        destination: String, title: String, location: SourceLocation?, alt: AttributedText = AttributedText(),
        size: ImageSize? = nil, range: SourceRange? = nil, html: RawHTMLImage? = nil
    ) {
        self.range = range
        self.html = html
        self.destination = destination
        self.title = title
        self.location = location
        self.alt = alt
        self.size = size
    }
}
