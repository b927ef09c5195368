import Foundation
import MarkdownReader
import NoteHTML
import NoteModel
import Testing

/// The Obsidian syntax's model is as lossless as CommonMark's: through Codable unchanged.
struct ObsidianModelTests {
    static let sample = """
        ---
        title: Sample
        tags: [a]
        extra: {k: [1, 2]}
        ---
        # Heading ^h
        > [!note]- Title [[Link]]
        > ==mark== $x$ #tag ![[img.png|30]] ![[Other]] %%gone%%
        > more ^b1

        $$
        y
        $$
        """

    @Test func roundTripsThroughJSON() throws {
        let document = Obsidian.read(Self.sample)
        let decoded = try JSONDecoder().decode(NoteDocument.self, from: JSONEncoder().encode(document))
        #expect(decoded == document)
        #expect(HTMLWriter().render(decoded) == HTMLWriter().render(document))
        #expect(document.imageAttachments.count == 1)
        #expect(document.wikilinks.map(\.target) == ["Link", "Other"])
        #expect(document.frontMatter?.extra.map(\.key) == ["extra"])
    }

    @Test func sampleRenders() {
        #expect(
            HTMLWriter().render(Obsidian.read(Self.sample)) == """
                <h1 id="heading-h">Heading ^h</h1>
                <details class="callout" data-callout="note">
                <summary class="callout-title">Title <a href="Link.html" class="internal-link">Link</a></summary>
                <div class="callout-content">
                <p id="^b1"><mark>mark</mark> <span class="math inline">\\(x\\)</span> <span class="tag">#tag</span> <img src="img.png" alt="img.png" width="30" /> <a href="Other.html" class="internal-embed">Other</a> 
                more</p>
                </div>
                </details>
                <div class="math display">\\[y\\]</div>

                """)
    }

    @Test func commonMarkIgnoresTheNotesSyntax() {
        let html = HTMLWriter().render(MarkdownReader.read("==a== %%b%% $c$ #d [[e]] ^f"))
        #expect(html == "<p>==a== %%b%% $c$ #d [[e]] ^f</p>\n")
    }
}

/// Positions after constructs that span lines (the parsed text has fewer lines than the note).
struct ObsidianPositionTests {
    @Test func imagesAndBlocksAfterMultilineConstructs() throws {
        let document = Obsidian.read(
            "a %%one\ntwo\nthree%% b ![i](p.png)\n\n$$\nx\n$$\n\n# H ![[q.png]] ![j](r.png)\n")
        #expect(document.imageAttachments.map(\.destination) == ["p.png", "q.png", "r.png"])
        #expect(
            document.imageAttachments.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == [
                "3:11", "9:5", "9:16",
            ])
        #expect(document.blocks.map { $0.start?.line } == [1, 5, 9])
        #expect(document.blocks.map { $0.end?.line } == [3, 7, 9])
        #expect(document.blocks[1].kind == .math(literal: "x"))
    }
}
