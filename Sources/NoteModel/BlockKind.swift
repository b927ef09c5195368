/// What a ``Block`` is. Extensions (tables, callouts, footnotes) add cases here.
public enum BlockKind: Sendable, Hashable, Codable {
    case paragraph
    case heading(level: Int)
    case list(ListStyle)
    case item
    case blockQuote
    /// `info` is the whole info string (empty for an indented block); `literal` the code, newline-terminated.
    case codeBlock(info: String, literal: String)
    case htmlBlock(literal: String)
    case thematicBreak
    /// Notes syntax: `> [!type] Title`, the block's content is the title (empty: the type's name).
    case callout(type: String, fold: CalloutFold?)
    /// Notes syntax: a paragraph that is only `$$...$$`; `literal` is the TeX between the `$$`.
    case math(literal: String)

    /// Whether the block holds inline content (an ``AttributedText``).
    public var hasInlineContent: Bool {
        switch self {
        case .paragraph, .heading, .callout: true
        default: false
        }
    }
}
