import MarkdownReader
import NoteHTML
import NoteModel
import Testing

struct CalloutTests {
    @Test func titledCallout() {
        #expect(
            Obsidian.html("> [!NOTE] Read *this*\n> Body text.\n>\n> More.")
                == """
                <div class="callout" data-callout="note">
                <div class="callout-title">Read <em>this</em></div>
                <div class="callout-content">
                <p>Body text.</p>
                <p>More.</p>
                </div>
                </div>

                """)
    }

    @Test func defaultTitleAndEmptyBody() {
        #expect(
            Obsidian.html("> [!warning]")
                == "<div class=\"callout\" data-callout=\"warning\">\n<div class=\"callout-title\">Warning</div>\n<div class=\"callout-content\">\n</div>\n</div>\n"
        )
    }

    @Test func foldable() {
        #expect(
            Obsidian.html("> [!tip]- Hidden\n> inside")
                == "<details class=\"callout\" data-callout=\"tip\">\n<summary class=\"callout-title\">Hidden</summary>\n<div class=\"callout-content\">\n<p>inside</p>\n</div>\n</details>\n"
        )
        #expect(
            Obsidian.html("> [!faq]+\n> x").hasPrefix(
                "<details class=\"callout\" data-callout=\"faq\" open>\n"))
    }

    @Test func nestedCallouts() {
        let document = Obsidian.read("> [!note] Outer\n> > [!bug] Inner\n> > text\n")
        #expect(
            document.blocks.map(\.kind) == [
                .callout(type: "note", fold: nil), .callout(type: "bug", fold: nil), .paragraph,
            ])
        #expect(document.blocks.map(\.depth) == [1, 2, 3])
        #expect(document.blocks[1].content?.string == "Inner")
    }

    @Test func notCallouts() {
        #expect(Obsidian.html("> [!note text") == "<blockquote>\n<p>[!note text</p>\n</blockquote>\n")
        #expect(Obsidian.html("> text [!note]") == "<blockquote>\n<p>text [!note]</p>\n</blockquote>\n")
        #expect(
            HTMLWriter().render(MarkdownReader.read("> [!note] x"))
                == "<blockquote>\n<p>[!note] x</p>\n</blockquote>\n")
    }
}
