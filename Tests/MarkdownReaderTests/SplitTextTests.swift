import MarkdownReader
import NoteModel
import Testing

/// GFM rejoins the text nodes its passes split only when it looks for autolinks: with no URL or
/// address in sight, the split text must convert as joined text does. Unmatched `~` runs are text
/// in GFM as in CommonMark, which never splits them, so both reads give the same model.
@Suite struct SplitTextTests {
    static let notes = [
        "a ~ b ~~~ c\n", "x ~y\n", "~~~~ and ~\n", "one ~~ two\nthree ~ four\n", "*a ~ b* ~ c\n",
        "[link ~ text](dest) ~\n", "> quoted ~ text ~~~ here\n", "- item ~\n- ~~~ other\n",
    ]

    @Test(arguments: notes)
    func unmatchedTildesReadAsInCommonMark(_ note: String) {
        let gfm = MarkdownReader.read(note, file: "n.md", options: ReaderOptions(syntax: .gfm))
        let commonmark = MarkdownReader.read(note, file: "n.md", options: ReaderOptions(syntax: .commonmark))
        #expect(gfm.blocks.map(\.content) == commonmark.blocks.map(\.content))
        #expect(gfm.blocks.map(\.range) == commonmark.blocks.map(\.range))
    }
}
