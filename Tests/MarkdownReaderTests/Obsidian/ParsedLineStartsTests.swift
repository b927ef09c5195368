import NoteModel
import TestSupport
import Testing

@testable import MarkdownReader

/// The parsed text's line table, derived from the note's while the notes source replaces
/// constructs, against a scan of the parsed text itself: on random notes of front matter,
/// comments on lines of their own, multi-line constructs and placeholders.
@Suite struct ParsedLineStartsTests {
    static let pieces = [
        "---\ntitle: a\ntags: [x]\n---\n", "[[Note]]", "![[Image.png]]", "%%gone%%",
        "%%\nhidden\nlines\n%%\n",
        "$$\nx^2\n$$", "$y$", "==mark==", "#tag", "`code`", "```\n[[fenced]]\n```\n", "\n", "\n\n", "text ",
        "- item ", "> quote ", "\u{E000}", "$$a\nb$$", "%%a\nb%%", "[[x\ny]]",
    ]

    @Test(arguments: 0..<16)
    func derivedTableIsTheScannedOne(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for length in [0, 1, 2, 5, 12, 30] {
            for _ in 0..<40 {
                let note = (0..<length).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }
                    .joined()
                let parsed = ObsidianSource(utf8: Array(note.utf8), file: "n.md").parsed
                #expect(parsed.lines == LineTable(parsed.bytes), "\(note.debugDescription)")
            }
        }
    }

    /// Line ends with CR take the scan: the same table either way.
    @Test func carriageReturnNotesScanTheirText() {
        let note = "---\r\ntitle: a\r\n---\r\n[[a]]\r\n%%\r\nx\r\n%%\r\nend\r"
        let parsed = ObsidianSource(utf8: Array(note.utf8), file: "n.md").parsed
        #expect(parsed.lines == LineTable(parsed.bytes))
    }
}
