/// What an ``InlineSpan`` is. Leaf kinds (`code`, `html`, the breaks) cover their literal text.
public enum InlineKind: Sendable, Hashable, Codable {
    case emphasis
    case strong
    case link(destination: String, title: String)
    /// A code span; the covered text is its literal.
    case code
    /// Raw inline HTML; the covered text is the HTML.
    case html
    /// A soft line break; covers "\n".
    case softBreak
    /// A hard line break; covers "\n".
    case lineBreak
    /// GFM strikethrough (`~~text~~` or `~text~`).
    case strikethrough
    /// A reference to a footnote (`[^label]`): `number` is the footnote's, `occurrence` counts
    /// references to the same footnote from 1 (for back-links). Covers the label's text.
    case footnoteReference(label: String, number: Int, occurrence: Int)
    /// Obsidian syntax: `[[Note#Heading|shown]]`; covers the text shown.
    case wikilink(WikiLink)
    /// Obsidian syntax: `![[Note]]` of anything but an image (those are attachments); covers the text shown.
    case embed(WikiLink)
    /// Obsidian syntax: `==text==`.
    case highlight
    /// Obsidian syntax: an inline `#tag` (the name without `#`); covers `#name`.
    case tag(String)
    /// Obsidian syntax: `$tex$` (or `$$tex$$` inside text); covers the TeX verbatim.
    case math(display: Bool)

    /// Whether the span covers literal text rather than other inline content.
    public var isLeaf: Bool {
        switch self {
        case .code, .html, .softBreak, .lineBreak, .footnoteReference, .tag, .math: true
        case .emphasis, .strong, .link, .strikethrough, .wikilink, .embed, .highlight: false
        }
    }
}
