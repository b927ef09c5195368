import MarkdownReader
import NoteHTML
import NoteModel
import Testing

struct WikilinkTests {
    @Test(arguments: [
        ("[[Note]]", #"<p><a href="Note.html" class="internal-link">Note</a></p>"#),
        ("[[Note|shown]]", #"<p><a href="Note.html" class="internal-link">shown</a></p>"#),
        (
            "[[Note#My Heading]]",
            #"<p><a href="Note.html#my-heading" class="internal-link">Note &gt; My Heading</a></p>"#
        ),
        (
            "[[Note#^block-1]]",
            #"<p><a href="Note.html#%5Eblock-1" class="internal-link">Note &gt; ^block-1</a></p>"#
        ),
        (
            "[[folder/My Note]]",
            #"<p><a href="folder/My%20Note.html" class="internal-link">folder/My Note</a></p>"#
        ),
        ("[[#Top]]", ##"<p><a href="#top" class="internal-link">Top</a></p>"##),
        ("[[doc.pdf]]", #"<p><a href="doc.pdf" class="internal-link">doc.pdf</a></p>"#),
        ("[[my_file_name]]", #"<p><a href="my_file_name.html" class="internal-link">my_file_name</a></p>"#),
        (
            "a [[b]] c [[d]]",
            #"<p>a <a href="b.html" class="internal-link">b</a> c <a href="d.html" class="internal-link">d</a></p>"#
        ),
        ("[[]] [[ ]] [[a\nb]]", "<p>[[]] [[ ]] [[a\nb]]</p>"),
        ("`[[Note]]`", "<p><code>[[Note]]</code></p>"),
        ("```\n[[Note]]\n```", "<pre><code>[[Note]]\n</code></pre>"),
        ("    [[Note]] $x$ #tag", "<pre><code>[[Note]] $x$ #tag\n</code></pre>"),
        (#"\[[Note]]"#, "<p>[[Note]]</p>"),
        ("*[[Note]]*", #"<p><em><a href="Note.html" class="internal-link">Note</a></em></p>"#),
        ("[x [[Note]]](y)", #"<p><a href="y">x Note</a></p>"#),
    ])
    func wikilinks(markdown: String, html: String) {
        #expect(Obsidian.html(markdown) == html + "\n")
    }

    @Test func definitionDoesNotSwallowWikilink() {
        #expect(
            Obsidian.html("[[foo]]\n\n[foo]: /url")
                == #"<p><a href="foo.html" class="internal-link">foo</a></p>"# + "\n")
        // In CommonMark the definition wins, as cmark does.
        #expect(
            MarkdownReader.read("[[foo]]\n\n[foo]: /url").blocks.first?.content?.spans.first?.kind
                == .link(destination: "/url", title: ""))
    }

    @Test func escapedPipeSeparatesAlias() {
        #expect(
            Obsidian.html(#"[[Note\|shown]]"#)
                == #"<p><a href="Note.html" class="internal-link">shown</a></p>"#
                + "\n")
    }

    @Test func modelKeepsTargetFragmentAliasAndPlace() throws {
        let document = Obsidian.read("Intro\n\nSee [[folder/Note#Part two|the part]].")
        let link = try #require(document.wikilinks.first)
        #expect(link.target == "folder/Note")
        #expect(link.fragment == "Part two")
        #expect(link.alias == "the part")
        #expect(!link.isEmbed)
        #expect(link.location == SourceLocation(file: "note.md", line: 3, column: 5))
        let text = try #require(document.blocks[1].content)
        #expect(text.string == "See the part.")
    }

    @Test func hookGivesHref() {
        let html = Obsidian.html("[[Trip#Day 1]]") { writer in
            writer.wikilinkHook = { target, fragment in "notes/\(target.lowercased()).html#\(fragment ?? "")"
            }
        }
        #expect(
            html == #"<p><a href="notes/trip.html#Day%201" class="internal-link">Trip &gt; Day 1</a></p>"#
                + "\n")
    }

    @Test func tableCellsKeepWikilinksAndEmbedsWithEscapedPipes() throws {
        // The placeholders have no `|`, so GFM's table rows split around them.
        let document = Obsidian.read(
            "| Note | Pic |\n| --- | --- |\n| [[Trip\\|Lisbon]] | ![[a.png\\|30]] |\n")
        #expect(
            HTMLWriter().render(document) == """
                <table>
                <thead>
                <tr>
                <th>Note</th>
                <th>Pic</th>
                </tr>
                </thead>
                <tbody>
                <tr>
                <td><a href="Trip.html" class="internal-link">Lisbon</a></td>
                <td><img src="a.png" alt="a.png" width="30" /></td>
                </tr>
                </tbody>
                </table>

                """)
        #expect(document.wikilinks.map(\.alias) == ["Lisbon"])
        let image = try #require(document.imageAttachments.first)
        #expect(image.size == ImageSize(width: 30, height: nil))
        #expect(image.location == SourceLocation(file: "note.md", line: 3, column: 22))
    }
}
