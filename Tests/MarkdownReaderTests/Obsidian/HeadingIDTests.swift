import MarkdownReader
import NoteHTML
import NoteModel
import Testing

struct HeadingIDTests {
    @Test func uniqueGitHubSlugs() {
        let html = Obsidian.html(
            "# Hello, World!\n## Hello World\n## Hello, world\n### Ünïcödé & *emphasis* `code`\n## Hello World-1\n#\n#"
        )
        #expect(
            html == """
                <h1 id="hello-world">Hello, World!</h1>
                <h2 id="hello-world-1">Hello World</h2>
                <h2 id="hello-world-2">Hello, world</h2>
                <h3 id="ünïcödé--emphasis-code">Ünïcödé &amp; <em>emphasis</em> <code>code</code></h3>
                <h2 id="hello-world-1-1">Hello World-1</h2>
                <h1 id="heading"></h1>
                <h1 id="heading-1"></h1>

                """)
    }

    @Test func headingsCarryIDs() {
        let document = Obsidian.read("# A\n\n> ## A\n")
        #expect(document.headings.map(\.id) == ["a", "a-1"])
        #expect(document.headings.map(\.text) == ["A", "A"])
        #expect(MarkdownReader.read("# A").headings.map(\.id) == [nil])
        #expect(HTMLWriter().render(MarkdownReader.read("# A")) == "<h1>A</h1>\n")
    }

    @Test func slugger() {
        var slugger = Slugger()
        #expect(["a", "a", "a-1", "a"].map { slugger.unique($0) } == ["a", "a-1", "a-1-1", "a-2"])
    }
}
