/// What an image written as a raw HTML `<img>` tag (Obsidian's syntax) keeps of its tag: where the tag
/// is inside the HTML that holds it, and its attributes as written, so that HTML kept as is
/// (`allow_html`) can have the tag's `src` replaced in place.
public struct RawHTMLImage: Sendable, Hashable, Codable {
    public struct Attribute: Sendable, Hashable, Codable {
        /// Lowercased, as HTML compares names.
        public var name: String
        /// As written, entities undecoded; nil for a bare attribute (`<img ismap>`).
        public var value: String?

        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// Byte offsets of the tag, `<` to `>`, in the literal of its HTML block or inline HTML span.
    public var tag: Range<Int>
    public var attributes: [Attribute]

    public init(tag: Range<Int>, attributes: [Attribute]) {
        self.tag = tag
        self.attributes = attributes
    }
}
