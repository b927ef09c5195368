/// Obsidian Bases (`.base` files and ```` ```base ```` blocks) read and evaluated at build time.
///
/// How SiteBuilder calls it:
/// 1. `BaseFile.parse(text, file: "books.base")` (for a block in a note, `lineOffset` is the line before
///    the block's first line, so places name the note's lines). Problems come back in
///    `BaseFile.diagnostics`, all warnings: a base never stops a build.
/// 2. One `BaseRow` per published file: its vault path, size, created and modified dates, tags
///    (without `#`), resolved outgoing link targets (vault paths), backlinks and embeds (vault
///    paths) and front matter as `BaseValue`s
///    (`BaseValue(frontMatter:)` converts a note's `FrontMatterValue`, wikilinks becoming links).
/// 3. `BaseEvaluator(base:rows:options:).evaluate()` gives, per view, its columns (property keys with
///    display names), groups of rows with one `BaseCell` per column (the typed value, for links and
///    images, and its text), the view's and each group's summaries, and the diagnostics of evaluation
///    (each with the `.base` file's line and column, once per place and message). `options.now` is
///    the build's clock, `options.this` the note that embeds the base.
///
/// Which rows a base lists depends on every row's values, so a page showing a base must be made again
/// when any row changes (or, more finely, when the values its expressions read change), and, when
/// it reads the clock (`BaseFile.readsClock`), on a later day.
///
/// Choices where Obsidian's help says nothing: text that spells a number counts as one in arithmetic
/// and comparisons (`formula.ppu > 5` where `ppu` is `toFixed`'s text); a method or field of a
/// missing value is missing, quietly (most notes lack most properties); a comparison with a missing
/// value is false; a filter statement that fails counts as false; `date - date` is a duration that
/// equals its milliseconds, a month counting as 30 days for its `days`, `hours`...; empty values sort
/// last in either direction; summaries count the rows shown (after `limit`), per view and per group;
/// `Stddev` is the population's; `Unique` counts distinct non-empty values. Columns in places are
/// UTF-8 bytes, counted from where YAML says the value starts.
///
/// Bounds, so that no input loops or exhausts the stack or the memory: an expression nests at most
/// `maximumDepth` levels, formulas use formulas at most 32 deep and 160 levels of evaluation in all
/// (about 2 MB of stack in a debug build); one value of one row takes at most `stepBudget` steps,
/// texts and lists it makes charged by size; no text or list passes `maximumLength`.
///
/// Regular expressions (`/pattern/flags` in `matches`, `replace`, `split`) run on ``BaseRegex``:
/// JavaScript's syntax without backreferences and lookaround (a warning naming the feature), in
/// time linear in the text, each search charged to the value's step budget.
///
/// Not supported (each a warning where met, the cell empty): `icon()`, `link.asFile()`,
/// `link.linksTo()`; `escapeHTML()` returns its text (every cell is escaped when written).
/// `html()` and `image()` make values the page draws (through its HTML sanitizer, through the
/// image renditions). Time zones (all dates are wall-clock times in UTC) and locales (`format` and
/// `relative` speak English) are not modelled. How views look
/// (`columnSize`, `cardSize`, `rowHeight`...) is kept in `BaseView.settings` for the renderer; `map`
/// views and plugin views are parsed and evaluated like tables, with a warning that notesite does not
/// draw them.
public enum Bases {
    /// How deep expressions (and filters) may nest; deeper input is a warning, not a crash.
    public static let maximumDepth = 64
    /// How many evaluation steps one expression may take for one row (`reduce` can double a value
    /// each step): past it the cell is empty and a warning says why.
    public static let stepBudget = 200_000
    /// The longest string or list an expression may build.
    public static let maximumLength = 1 << 20
}
