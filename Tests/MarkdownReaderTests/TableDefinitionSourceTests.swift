internal import CCmark
internal import CCmarkArena
import TestSupport
import Testing

@testable import MarkdownReader

/// Table cells are parsed with the note's link reference definitions after them. The table pass
/// appends only the stretches of the note that may hold one: cells must read exactly as they do
/// with the whole note after them.
@Suite struct TableDefinitionSourceTests {
    /// Cells using every label the cases define, in a case and spacing of their own.
    static let cells = "\u{A0}[t] [T] [u] [a b] [^1] [v]\n\n"

    /// The HTML of the cells' paragraph, parsed with the whole note after it and with the
    /// stretches the table pass keeps.
    static func cellsBothWays(_ note: String) -> (whole: String, stretches: String) {
        let bytes = Array(note.utf8)
        notesite_cmark_arena_enter()
        defer { notesite_cmark_arena_leave() }
        guard let root = CmarkTree.parse(bytes, flags: CMARK_OPT_DEFAULT) else { return ("", "<failed>") }
        var pass = TablePass(source: SourceText(bytes: bytes), marks: ExtensionMarks())
        pass.rootParsesSource = true
        let stretches = pass.definitionSource(root)
        func cellsHTML(_ after: [UInt8]) -> String {
            guard let document = CmarkTree.parse(Array(cells.utf8) + after, flags: CMARK_OPT_DEFAULT),
                let paragraph = cmark_node_first_child(document),
                let html = cmark_render_html(paragraph, CMARK_OPT_DEFAULT)
            else { return "<failed>" }
            defer { notesite_cmark_memory().pointee.free(html) }
            return String(cString: html)
        }
        return (cellsHTML(bytes), cellsHTML(stretches))
    }

    @Test(arguments: [
        // Labels match case-insensitively and with spacing collapsed; the first definition wins.
        "Text\n\n[T]: /upper\n\n[a   b]: /spaced\n[t]: /second\n",
        // A label over lines inside a quote; a definition inside a list item.
        "> [a\n> b]: /quoted\n\n- x\n\n  [u]: /item\n",
        // An HTML block's end line is one short in cmark's tree: the line after it is its own.
        "text [t]\n<!--\n\n-->\n  [u]: /u\n",
        // Looks like a definition but is code: indented, fenced over blank lines, inside HTML.
        "    [t]: /indented\n\n```\n\n[u]: /fenced\n\n```\n\n<pre>\n\n[v]: /html\n\n</pre>\n",
        // An unclosed fence takes in every definition after it.
        "```\ncode\n\n[t]: /never\n",
        // The stretch kept before a dropped one leaves a list open: the indented line after the
        // dropped text is code, not the list's.
        "- [u]: /x\n\nplain\n\n    [t]: /code\n",
        // A title on the next line, one that does not close, a definition after a lazy line.
        "[t]: /r\n\"Title\n\nText\n\n[u]: /s\n'open\n\n> q\nlazy\n[v]: /lazy\n",
        // Footnote-like labels are plain definitions to cmark; a paragraph after definitions.
        "[^1]: note\n\n[v]: /v \"V\"\nand text [v]\n\n",
        // Setext headings and thematic breaks around definitions; CR LF and CR endings.
        "Head\n===\n\n[t]: /a\r\n\r\n***\r[u]: /b\r\rText\n",
    ])
    func stretchesDefineWhatTheWholeNoteDoes(note: String) {
        let (whole, stretches) = Self.cellsBothWays(note)
        #expect(whole == stretches, "\(note.debugDescription)")
    }

    /// The guard line between stretches is what keeps this case right.
    @Test func droppedTextStillClosesAnOpenList() {
        let (whole, stretches) = Self.cellsBothWays("- [u]: /x\n\nplain\n\n    [t]: /code\n")
        #expect(whole.contains("[t]"))
        #expect(whole.contains("href=\"/x\""))
        #expect(whole == stretches)
    }

    /// Random notes of block syntax, blank lines and definitions.
    @Test(arguments: 0..<8)
    func randomNotesDefineTheSame(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let lines = [
            "", "", "", "text [t]", "- item", "1. item", "  indented", "    code", "> quote", ">", "```",
            "~~~",
            "<pre>", "</pre>", "<div>", "<!--", "-->", "<?", "?>", "[t]: /t", "[T]: /T2", "  [u]: /u",
            "> [v]: /v", "- [a b]: /ab", "    [u]: /code", "  - [v]: /nested", "\"title\"", "[t]:", "/late",
            "===", "---", "| a |", "\u{FEFF}",
        ]
        var defined = 0
        for _ in 0..<400 {
            let note =
                (0..<Int.random(in: 1...14, using: &random))
                .map { _ in lines.randomElement(using: &random) ?? "" }.joined(separator: "\n") + "\n"
            let (whole, stretches) = Self.cellsBothWays(note)
            if whole.contains("href") { defined += 1 }
            #expect(whole == stretches, "\(note.debugDescription)")
        }
        #expect(defined > 50)
    }
}
