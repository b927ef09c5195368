/// Obsidian Bases (`.base` files and ```` ```base ```` blocks) read and evaluated at build time.
///
/// How SiteBuilder calls it:
/// 1. `BaseFile.parse(text, file: "books.base")` (for a block in a note, `lineOffset` is the line before
///    the block's first line, so places name the note's lines). Problems come back in
///    `BaseFile.diagnostics`, all warnings: a base never stops a build.
/// 2. One `BaseRow` per published file: its vault path, size, created and modified dates, tags
///    (without `#`), resolved outgoing link targets (vault paths) and front matter as `BaseValue`s
///    (`BaseValue(frontMatter:)` converts a note's `FrontMatterValue`, wikilinks becoming links).
/// 3. `BaseEvaluator(base:rows:options:).evaluate()` gives, per view, its columns (property keys with
///    display names), groups of rows with one `BaseCell` per column (the typed value, for links and
///    images, and its text), the view's and each group's summaries, and the diagnostics of evaluation
///    (each with the `.base` file's line and column, once per place and message). `options.now` is
///    the build's clock, `options.this` the note that embeds the base.
///
/// Which rows a base lists depends on every row's values, so a page showing a base must be made again
/// when any row changes (or, more finely, when the values its expressions read change).
///
/// Not supported (each a warning where met, the cell empty): regular expressions (`/.../`, `matches`,
/// a pattern in `replace` or `split`), `file.backlinks`, `file.embeds`, `file()`, `image()`, `icon()`,
/// `html()`, `escapeHTML()`, `link.asFile()`, `link.linksTo()`, time zones (all dates are wall-clock
/// times in UTC), locales (`format` and `relative` speak English), and how views look (`columnSize`,
/// `cardSize`, `rowHeight`...: kept in `BaseView.settings` for the renderer). `map` views and plugin
/// views are parsed and evaluated like tables; the renderer shows their notice.
public enum Bases {
    /// How deep expressions (and filters) may nest; deeper input is a warning, not a crash.
    public static let maximumDepth = 64
    /// How many evaluation steps one expression may take for one row (`reduce` can double a value
    /// each step): past it the cell is empty and a warning says why.
    public static let stepBudget = 200_000
    /// The longest string or list an expression may build.
    public static let maximumLength = 1 << 20
}
