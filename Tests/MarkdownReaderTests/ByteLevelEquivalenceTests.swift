import TestSupport
import Testing

@testable import MarkdownReader
@testable import NoteModel

/// The byte-level fast paths against the general code they stand in for, on random text built to
/// hit their edges (CR, CR LF, punctuation, non-ASCII).
@Suite struct ByteLevelEquivalenceTests {
    static func randomText(
        _ alphabet: [String], length: Int, using generator: inout some RandomNumberGenerator
    )
        -> String
    {
        (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
    }

    /// The reader's line table (memchr from line end to line end when there is no CR) against
    /// the model's byte loop.
    @Test(arguments: 0..<8)
    func lineTableMatchesTheByteLoop(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        // Even seeds: LF only (the memchr path); odd: CR and CR LF too (the general loop).
        let alphabet = seed % 2 == 0 ? ["a", "\n", "é", " "] : ["a", "\n", "\r", "\r\n", "é"]
        for length in [0, 1, 2, 3, 10, 100, 1000] {
            for _ in 0..<20 {
                let text = Self.randomText(alphabet, length: length, using: &generator)
                let bytes = Array(text.utf8)
                let table = Byte.lineTable(bytes)
                #expect(table == LineTable(bytes), "\(text.debugDescription)")
                #expect(table.count == bytes.count)
                #expect(LineTable(text) == table)
            }
        }
    }

    /// The memchr answer of whether a text may hold a URL, and the bracket depth it
    /// leaves, against the loop that counts brackets byte by byte.
    @Test(arguments: 0..<8)
    func urlShortcutMatchesTheByteLoop(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = ["w", "ww", "www.", ".", ":", "//", "://", "[", "]", "a", " ", "é"]
        var found = 0
        for length in [0, 1, 2, 4, 8, 20] {
            for _ in 0..<100 {
                let bytes = Array(Self.randomText(alphabet, length: length, using: &generator).utf8)
                let depth = Int.random(in: 0...2, using: &generator)
                var fastDepth = depth
                var loopDepth = depth
                let fast = AutolinkPass.mayHoldURL(bytes.span, bracketDepth: &fastDepth)
                let loop = AutolinkPass.mayHoldURLByByte(bytes.span, bracketDepth: &loopDepth)
                #expect(fast == loop, "\(bytes) from depth \(depth)")
                if !fast { #expect(fastDepth == loopDepth, "\(bytes) from depth \(depth)") }
                if fast { found += 1 }
            }
        }
        #expect(found > 20)
    }

    /// The task pass is skipped for text without `[ ]`, `[x]` or `[X]`: no task line may be missed.
    /// Lines are put together from near-task parts (markers, gaps, boxes) and random rest.
    @Test(arguments: 0..<8)
    func noTaskLineWithoutItsMarker(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let parts = [
            ["", " ", "   "], ["-", "*", "1.", "12)", "a", "+"], [" ", "", "\t"],
            ["[ ]", "[x]", "[X]", "[y]", "[]", "[ x]"], [" ", "", "\n"],
        ]
        let alphabet = ["[", "]", "x", " ", "a"]
        var tasks = 0
        for _ in 0..<400 {
            let start = parts.map { $0.randomElement(using: &generator) ?? "" }.joined()
            let rest = Self.randomText(
                alphabet, length: Int.random(in: 0..<6, using: &generator), using: &generator)
            let line = Array((start + rest).utf8)
            let isTask = TaskListPass.isTaskLine(line[...])
            if isTask { tasks += 1 }
            #expect(!isTask || TaskListPass.mayHoldTask(line), "\(line)")
            let marked = line.indices.contains { index in
                index >= 2 && line[index] == UInt8(ascii: "]") && line[index - 2] == UInt8(ascii: "[")
                    && " xX".utf8.contains(line[index - 1])
            }
            #expect(TaskListPass.mayHoldTask(line) == marked, "\(line)")
        }
        #expect(tasks > 20)
    }

    @Test(arguments: 0..<8)
    func asciiSlugsMatchTheUnicodeOnes(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let ascii = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) } + ["\t", "\n"]
        let mixed = ascii + ["é", "Ü", "中", "\u{301}", "٣", "‿"]
        for alphabet in [ascii, mixed] {
            for length in [0, 1, 5, 30] {
                for _ in 0..<50 {
                    let text = Self.randomText(alphabet, length: length, using: &generator)
                    #expect(Slugger.slug(text) == Slugger.unicodeSlug(text), "\(text.debugDescription)")
                }
            }
        }
    }

    /// Tables with and without link reference definitions, strikethrough and e-mail text with and
    /// without entities: the passes that skip work on notes without `]:`, `~`, `@` or `&` must give
    /// what cmark-gfm gives.
    @Test(arguments: [
        ("| a | b |\n| - | - |\n| [x] | y |\n", "[x]"),
        ("| a | b |\n| - | - |\n| [x] | y |\n\n[x]: /url\n", "href=\"/url\""),
        // Cells are parsed again with the note only when a `]` is left as text without it: an
        // inline link reads the same either way, a reference or a failed inline link does not.
        ("| a |\n| - |\n| [t](/i) |\n\n[t]: /other\n", "<td><a href=\"/i\">t</a></td>"),
        ("| a |\n| - |\n| [t](/i) [x][y] |\n\n[y]: /v\n", "<a href=\"/i\">t</a> <a href=\"/v\">x</a>"),
        ("| a |\n| - |\n| [t]( |\n\n[t]: /r\n", "<td><a href=\"/r\">t</a>(</td>"),
        (
            "| a |\n| - |\n| ![i](p.png) [t] |\n\n[t]: /r\n",
            "<img src=\"p.png\" alt=\"i\" /> <a href=\"/r\">t</a>"
        ),
        ("| a |\n| - |\n| \\[t] |\n\n[t]: /r\n", "<td>[t]</td>"),
        ("Intro [t]\n| a |\n| - |\n| x |\n\n[t]: /r\n", "<p>Intro <a href=\"/r\">t</a></p>"),
        // Definitions inside quotes and items, after lazy lines or a paragraph's text count in cells;
        // text that only looks like one does not.
        ("> a\nb\n\n> [t]: /r\n\n| a |\n| - |\n| [t] |\n", "<td><a href=\"/r\">t</a></td>"),
        ("- x\n\n  [t]: /r\n  \"T\"\n\n| a |\n| - |\n| [t] |\n", "<td><a href=\"/r\" title=\"T\">t</a></td>"),
        ("- x\n  [t]: /r\n\n| a |\n| - |\n| [t] |\n", "<td>[t]</td>"),
        (
            "[t]: /r\n[u]: /s\nText [u]\n\n| a |\n| - |\n| [t] [u] |\n",
            "<a href=\"/r\">t</a> <a href=\"/s\">u</a>"
        ),
        ("1. x *[t]:\n   y*\n\n| a |\n| - |\n| [t] |\n", "<td>[t]</td>"),
        // Only the note's stretches with a `]:` are parsed after the cells: one in a fence over
        // blank lines stays code, and a list left open before a dropped stretch does not take in
        // the indented line after it.
        ("| a |\n| - |\n| [t] |\n\n```\n\n[t]: /r\n```\n", "<td>[t]</td>"),
        (
            "- [u]: /x\n\nplain\n\n    [t]: /r\n\n| a |\n| - |\n| [t] [u] |\n",
            "<td>[t] <a href=\"/x\">u</a></td>"
        ),
        ("| a |\n| - |\n| [A  B] |\n\nText\n\n> [a\n> b]: /q\n", "<td><a href=\"/q\">A  B</a></td>"),
        ("| a |\n| - |\n| ~~gone~~ |\n", "<del>gone</del>"),
        // A known approximation (Strikethrough.swift): entities decoded to `~` pair as well; the
        // pass must still run on such text although the source has no `~` of its own.
        ("&#126;&#126;entity&#126;&#126;\n", "<del>entity</del>"),
        ("write to a@example.com\n", "href=\"mailto:a@example.com\""),
        ("write to a&#64;example.com\n", "a@example.com"),
        ("plain text with no marks at all\n", "plain text"),
    ])
    func skippedPassesStillAgreeWithCmarkGFM(markdown: String, expected: String) {
        let html = Rendering.html(markdown, unsafe: false, syntax: .gfm)
        #expect(html.contains(expected), "\(html)")
        guard !markdown.hasPrefix("&#126;"), let reference = CmarkGFMReference.html(markdown, unsafe: false)
        else { return }
        #expect(html == reference)
    }
}
