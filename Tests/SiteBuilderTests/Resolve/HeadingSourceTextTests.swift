import MarkdownReader
import NoteModel
import Testing

@testable import SiteBuilder

/// A heading's source text is cut from the note at the heading's range (no second line table).
struct HeadingSourceTextTests {
    @Test func atxAndSetextHeadingsAsWritten() {
        let text = "Intro\n\n## The `code` *x* ##\n\n> Two\n>   lines\n> ---\n\n  # Ünïcode\r\nafter\n"
        let document = MarkdownReader.read(text, file: "n.md", options: ReaderOptions(syntax: .obsidian))
        let sources = document.blocks.compactMap { block -> String? in
            guard case .heading = block.kind else { return nil }
            return NoteOutline.sourceText(ofHeading: block, in: Array(text.utf8))
        }
        #expect(sources == [" The `code` *x*", "Two\nlines", " Ünïcode"])
    }

    /// The byte-wise reading of ASCII ATX headings gives what the character-wise one gives, for
    /// random text of `#`s, spaces, line endings, accents and combining marks (seeded: repeatable).
    @Test func asciiShortcutMatchesCharacterReading() {
        let pieces = ["#", "#", " ", "a", "\n", "\r", "\r\n", "é", "\u{301}", "\t", "x#"]
        var random = SplitMix64(seed: 11)
        var shortcuts = 0
        for _ in 0..<3000 {
            let count = random.next(12)
            let text = (0..<count).map { _ in pieces[random.next(pieces.count)] }.joined()
            let length = text.utf8.count
            let start = random.next(length + 1)
            let end = start + random.next(length - start + 1)
            let slow = NoteOutline.writtenText(start..<end, in: Array(text.utf8))
            if let fast = NoteOutline.asciiATXText(start..<end, in: Array(text.utf8)) {
                shortcuts += 1
                #expect(fast == slow, "\(Array(text.utf8)) \(start)..<\(end)")
            }
        }
        #expect(shortcuts > 300)
    }
}
