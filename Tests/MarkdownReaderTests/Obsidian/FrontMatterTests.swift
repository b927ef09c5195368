import Foundation
import MarkdownReader
import NoteHTML
import NoteModel
import Testing

struct FrontMatterTests {
    @Test func typedKeysAndExtras() throws {
        let document = Obsidian.read(
            """
            ---
            title: Lisbon
            date: 2024-05-01 10:30
            tags: [travel, "#city", europe/portugal]
            aliases: Lisboa
            description: Three days
            draft: false
            publish: true
            permalink: trips/lisbon
            cssclasses: wide dark
            rating: 4.5
            people:
              - name: Ana
                age: 30
            ---
            # Lisbon

            Text.
            """)
        let matter = try #require(document.frontMatter)
        #expect(matter.title == "Lisbon")
        #expect(matter.date?.text == "2024-05-01 10:30")
        #expect(matter.date?.date == Date(timeIntervalSince1970: 1_714_559_400))
        #expect(matter.tags == ["travel", "city", "europe/portugal"])
        #expect(matter.aliases == ["Lisboa"])
        #expect(matter.description == "Three days")
        #expect(matter.draft == false)
        #expect(matter.publish == true)
        #expect(matter.permalink == "trips/lisbon")
        #expect(matter.cssclasses == ["wide", "dark"])
        #expect(matter["rating"] == .double(4.5))
        #expect(
            matter["people"]
                == .list([
                    .mapping([
                        FrontMatterEntry(key: "name", value: .string("Ana")),
                        FrontMatterEntry(key: "age", value: .int(30)),
                    ])
                ]))
        #expect(document.diagnostics.isEmpty)
        // Not rendered as Markdown; positions after it are the note's own lines.
        #expect(HTMLWriter().render(document) == "<h1 id=\"lisbon\">Lisbon</h1>\n<p>Text.</p>\n")
        #expect(
            document.blocks.first?.location(in: "note.md")
                == SourceLocation(file: "note.md", line: 16, column: 1))
    }

    @Test func oneStringOfTagsAndDates() throws {
        let matter = try #require(
            Obsidian.read("---\ntags: \"a, #b c\"\ndate: 2024-02-30\n---\n").frontMatter)
        #expect(matter.tags == ["a", "b", "c"])
        #expect(matter.date?.text == "2024-02-30")
        #expect(matter.date?.date == nil)
        let zoned = try #require(Obsidian.read("---\ndate: 2024-05-01T10:30:00+02:00\n---\n").frontMatter)
        #expect(zoned.date?.date == Date(timeIntervalSince1970: 1_714_552_200))
    }

    @Test func invalidYAMLIsAnErrorAtItsLineAndTheNoteStillRenders() throws {
        let document = Obsidian.read("---\ntitle: ok\ntags: [a, b\n---\nBody *text*\n")
        #expect(document.frontMatter == nil)
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location?.line == 4)
        #expect(diagnostic.description.hasPrefix("note.md:4:1: error: "))
        #expect(diagnostic.message.contains("flow sequence"))
        #expect(HTMLWriter().render(document) == "<p>Body <em>text</em></p>\n")
    }

    @Test func wrongTypeIsAnErrorAtTheValue() throws {
        let document = Obsidian.read("---\ntitle: T\ndraft: maybe\ntags:\n  - {a: 1}\n---\nx")
        #expect(
            document.diagnostics.map(\.description) == [
                "note.md:3:8: error: front matter 'draft' must be true or false, found a string 'maybe'",
                "note.md:5:5: error: front matter 'tags' must be a list of text, found a mapping",
            ])
        #expect(document.frontMatter?.title == "T")
        #expect(document.frontMatter?.draft == nil)
    }

    @Test func notAMappingIsAnError() {
        let document = Obsidian.read("---\n- a\n- b\n---\nx")
        #expect(document.frontMatter == nil)
        #expect(
            document.diagnostics.map(\.description) == [
                "note.md:2:1: error: front matter must be keys with values, found a list"
            ])
    }

    @Test func bomAndCRLF() throws {
        let document = Obsidian.read(
            "\u{FEFF}---\r\ntitle: Windows\r\ndraft: true\r\n...\r\n\r\nText [[Link]]\r\n")
        #expect(document.frontMatter?.title == "Windows")
        #expect(document.frontMatter?.draft == true)
        #expect(document.diagnostics.isEmpty)
        #expect(document.blocks.first?.start?.line == 6)
        #expect(document.wikilinks.first?.location == SourceLocation(file: "note.md", line: 6, column: 6))
    }

    @Test func onlyNotesSyntaxHasFrontMatterAndOnlyClosedOnes() {
        let markdown = "---\ntitle: x\n---\n"
        #expect(MarkdownReader.read(markdown).frontMatter == nil)
        #expect(HTMLWriter().render(MarkdownReader.read(markdown)) == "<hr />\n<h2>title: x</h2>\n")
        #expect(Obsidian.read("---\ntitle: x\n").frontMatter == nil)
        #expect(Obsidian.html("---\ntitle: x\n") == "<hr />\n<p>title: x</p>\n")
        #expect(
            Obsidian.read("---\n---\nText").frontMatter
                == FrontMatter(location: SourceLocation(file: "note.md", line: 1, column: 1)))
    }
}

struct FrontMatterLimitTests {
    @Test func deeplyNestedUnknownValueIsAnErrorNotACrash() throws {
        // Deeper than the decoder's 64 levels, within YAMLReader's 100 (past that the YAML is an error:
        // YAMLLinearTimeTests).
        let deep = String(repeating: "[", count: 80) + String(repeating: "]", count: 80)
        let document = Obsidian.read("---\ntitle: x\ndeep: \(deep)\n---\nBody\n")
        #expect(document.frontMatter?.title == "x")
        #expect(document.frontMatter?["deep"] == nil)
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message.contains("nests too deeply"))
        #expect(diagnostic.location?.line == 3)
    }
}
