/// The Markdown dialects notesite reads.
public enum Syntax: String, Sendable, Hashable, CaseIterable {
    /// CommonMark 0.30, exactly as libcmark parses it.
    case commonmark
    /// CommonMark plus GitHub's extensions: tables, task lists, strikethrough, extended autolinks,
    /// footnotes and the raw-HTML tag filter.
    case gfm
    /// GFM plus Obsidian's syntax for notes (wikilinks, embeds, callouts, math, tags...) and
    /// front matter. Named `notes` on the command line (`--syntax notes`), as it always was.
    case obsidian = "notes"

    /// Whether GitHub's extensions apply.
    public var hasGFM: Bool { self != .commonmark }
}
