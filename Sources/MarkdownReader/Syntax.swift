/// The Markdown dialects notesite reads.
public enum Syntax: String, Sendable, Hashable, CaseIterable {
    /// CommonMark 0.30, exactly as libcmark parses it.
    case commonmark
    /// CommonMark plus GitHub's extensions: tables, task lists, strikethrough, extended autolinks,
    /// footnotes and the raw-HTML tag filter.
    case gfm
    /// GFM plus the syntax of notes (Obsidian's), and front matter.
    case notes

    /// Whether GitHub's extensions apply.
    public var hasGFM: Bool { self != .commonmark }
}
