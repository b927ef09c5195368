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
    /// A GFM task list item (`- [x] done`); its children are as an ``item``'s. `state` is the
    /// character between the brackets in Obsidian's syntax, where any one character is a state
    /// (`- [?] question`, `- [/] half done`, Obsidian's custom tasks); nil in GFM, whose items are
    /// written as cmark-gfm writes them.
    case taskItem(checked: Bool, state: String? = nil)
    /// A GFM table; its children are ``tableRow``s, the header row first.
    case table(alignments: [TableAlignment])
    case tableRow(header: Bool)
    /// A cell holds inline content; rows are padded to the table's width as cmark-gfm does.
    case tableCell(alignment: TableAlignment)
    /// A footnote's text (`[^label]: ...`), numbered in order of first reference, with how many
    /// references point at it (one back-link each); its children are blocks. Footnotes come last.
    case footnoteDefinition(label: String, number: Int, references: Int)
    /// Obsidian syntax: `> [!type] Title`, the block's content is the title (empty: the type's name).
    case callout(type: String, fold: CalloutFold?)
    /// Obsidian syntax: a paragraph that is only `$$...$$`; `literal` is the TeX between the `$$`.
    case math(literal: String)

    /// Whether the block holds inline content (an ``AttributedText``).
    public var hasInlineContent: Bool {
        switch self {
        case .paragraph, .heading, .tableCell, .callout: true
        default: false
        }
    }
}
