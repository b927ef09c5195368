import NoteModel

/// A construct of Obsidian's syntax found in the raw source before cmark sees it. In the text cmark
/// parses it is a placeholder, U+E000, its index in decimal, U+E001, which cmark leaves alone as
/// ordinary text; the converter expands it in text and puts the original back in literal contexts
/// (code, raw HTML, link destinations), so those stay exactly as written.
struct ObsidianToken: Sendable {
    enum Kind: Sendable {
        case wikilink(WikiLink)
        /// `%%...%%` inside a line: nothing in the output.
        case comment
        case math(display: Bool, tex: String)
        case highlightOpen
        case highlightClose
        case tag(String)
        /// A U+E000 or U+E001 of the source itself, kept apart from the placeholders.
        case literal
    }

    var kind: Kind
    /// The source text it replaced.
    var original: String

    static let open: Unicode.Scalar = "\u{E000}"
    static let close: Unicode.Scalar = "\u{E001}"

    static func placeholder(_ index: Int) -> String {
        "\u{E000}\(index)\u{E001}"
    }
}
