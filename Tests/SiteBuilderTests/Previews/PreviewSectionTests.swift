import MarkdownReader
import NoteHTML
import NoteModel
import Testing

@testable import SiteBuilder

/// The part of a note a link preview shows, cut from the model: the first section, a heading's
/// or block's section, cleaned of what another page cannot show, and trimmed.
struct PreviewSectionTests {
    static func document(_ text: String) -> NoteDocument {
        MarkdownReader.read(text, file: "n.md", options: ReaderOptions(syntax: .obsidian))
    }

    static func first(_ text: String, limit: Int = 400) -> String {
        HTMLWriter().render(document(text).firstSectionPreview(limit: limit))
    }

    static func section(_ text: String, _ anchor: String) -> (title: String?, html: String)? {
        document(text).sectionPreview(anchor: anchor, limit: 400).map {
            ($0.title, HTMLWriter().render($0.document))
        }
    }

    @Test func theFirstSectionEndsAtTheSecondHeading() {
        let html = Self.first("# Lisbon\n\nA city of **hills**.\n\nTrams.\n\n## Food\n\nNata.\n")
        #expect(html == "<p>A city of <strong>hills</strong>.</p>\n<p>Trams.</p>\n")
    }

    @Test func textBeforeAnyHeadingIsTheFirstSection() {
        #expect(Self.first("Intro words.\n\n# Title\n\nLater.\n") == "<p>Intro words.</p>\n")
        // A heading inside a quote does not end the section.
        #expect(Self.first("# T\n\n> # Quoted\n> text\n\nAfter.\n## Next\n").contains("After."))
    }

    @Test func anEmptyFirstSectionShowsWhatFollows() {
        let html = Self.first("# Title\n## Part\n\nThe words.\n")
        #expect(html == "<h2>Part</h2>\n<p>The words.</p>\n")
    }

    @Test func headingSectionsByTheirIDsIncludingRepeatedOnes() throws {
        let text = "# N\n\nIntro.\n\n## Food\n\nOne.\n\n### Sub\n\nDeeper.\n\n## Food\n\nTwo.\n"
        let food = try #require(Self.section(text, "food"))
        #expect(food.title == "Food")
        #expect(food.html == "<p>One.</p>\n<h3>Sub</h3>\n<p>Deeper.</p>\n")
        let second = try #require(Self.section(text, "food-1"))
        #expect(second.html == "<p>Two.</p>\n")
        #expect(Self.section(text, "food-2") == nil)
    }

    @Test func aHeadingWithMarkupIsTitledAsText() throws {
        let found = try #require(Self.section("## Day *two* `trip`\n\nSintra.\n", "day-two-trip"))
        #expect(found.title == "Day two trip")
        #expect(found.html == "<p>Sintra.</p>\n")
    }

    @Test func aBlockIDNamesItsBlock() throws {
        let found = try #require(Self.section("# N\n\nFirst.\n\nThe quoted one. ^abc\n\nLast.\n", "^abc"))
        #expect(found.title == nil)
        #expect(
            found.html.contains("The quoted one.") && !found.html.contains("First")
                && !found.html.contains("Last"))
    }

    @Test func idsFootnotesAndRawHTMLAreLeftOut() {
        let html = Self.first(
            "# N\n\nSee this[^1] and <b>that</b>.\n\n<div>block</div>\n\n### Sub {#x}\n\n[^1]: The note.\n")
        #expect(html.contains("See this and that."))
        #expect(!html.contains("id="), "the page has its own ids")
        #expect(!html.contains("fn") && !html.contains("The note."))
        #expect(!html.contains("raw HTML") && !html.contains("block"))
    }

    @Test func aLongParagraphIsCutAtAWord() {
        let words = (1...200).map { "word\($0)" }.joined(separator: " ")
        let html = Self.first("# N\n\n\(words)\n\nNever shown.\n")
        let text = html.replacingOccurrences(of: "<p>", with: "").replacingOccurrences(of: "</p>\n", with: "")
        #expect(text.hasSuffix("…"))
        #expect(text.count <= 401 && text.count >= 300, "\(text.count)")
        // Cut between words: the last kept word is whole.
        let last = String(text.dropLast().split(separator: " ").last ?? "")
        #expect(words.split(separator: " ").contains(Substring(last)), "\(last)")
        #expect(!html.contains("Never shown"))
    }

    @Test func shortBlocksAreKeptWhole() {
        let html = Self.first("# N\n\nOne.\n\n- two\n- three\n\n> four\n")
        #expect(
            html
                == "<p>One.</p>\n<ul>\n<li>two</li>\n<li>three</li>\n</ul>\n<blockquote>\n<p>four</p>\n</blockquote>\n"
        )
    }

    @Test func aLongListStopsWithoutEmptyItems() {
        let list = (1...100).map { "- item number \($0) of the list" }.joined(separator: "\n")
        let html = Self.first("# N\n\n\(list)\n", limit: 100)
        #expect(html.hasPrefix("<ul>\n<li>item number 1 of the list</li>"))
        #expect(!html.contains("<li></li>") && !html.contains("item number 20 "))
        #expect(html.hasSuffix("</ul>\n"))
    }

    @Test func codeIsCutAtALineAndTablesAtARow() {
        let code = (1...60).map { "let value\($0) = \($0)" }.joined(separator: "\n")
        let html = Self.first("# N\n\n```swift\n\(code)\n```\n")
        #expect(html.hasPrefix("<pre><code class=\"language-swift\">let value1 = 1\n"))
        #expect(html.contains("\n…\n</code></pre>") && !html.contains("value60"))
        let rows = (1...80).map { "| cell \($0) | other \($0) |" }.joined(separator: "\n")
        let table = Self.first("# N\n\n| A | B |\n| - | - |\n\(rows)\n")
        #expect(table.contains("<th>A</th>") && table.contains("<td>cell 1</td>"))
        #expect(!table.contains("cell 80"))
        // Every row kept is whole.
        #expect(
            table.components(separatedBy: "<tr>").count - 1 == table.components(separatedBy: "</tr>").count
                - 1)
        #expect(table.components(separatedBy: "<td>").count % 2 == 1)
    }

    @Test func cuttingNeverSplitsACharacterOrAnImage() {
        let text = AttributedText(
            string: "ééé \u{FFFC}ééé",
            runs: [
                TextRun(length: 7, span: nil), TextRun(length: 3, span: nil, attachment: 0),
                TextRun(length: 6, span: nil),
            ])
        for limit in 1...7 {
            let cut = text.truncated(toCharacters: limit)
            #expect(cut.runs.reduce(0) { $0 + $1.length } == cut.string.utf8.count, "limit \(limit)")
            #expect(cut.string.hasSuffix("…"))
            #expect(!cut.runs.contains { $0.attachment != nil && $0.length != 3 })
        }
        #expect(text.truncated(toCharacters: 20) == text)
    }
}
