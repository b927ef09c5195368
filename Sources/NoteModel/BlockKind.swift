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

    /// Whether the block holds inline content (an ``AttributedText``).
    public var hasInlineContent: Bool {
        switch self {
        case .paragraph, .heading: true
        default: false
        }
    }
}
