import MarkdownReader
import NoteHTML
import NoteModel
import Testing

struct EmbedTests {
    @Test(arguments: [
        ("![[image.png]]", #"<p><img src="image.png" alt="image.png" /></p>"#),
        ("![[my image.JPG|300]]", #"<p><img src="my%20image.JPG" alt="my image.JPG" width="300" /></p>"#),
        ("![[a.webp|A cat|300x200]]", #"<p><img src="a.webp" alt="A cat" width="300" height="200" /></p>"#),
        ("![[Note]]", #"<p><a href="Note.html" class="internal-embed">Note</a></p>"#),
        (
            "![[Note#Heading]]",
            #"<p><a href="Note.html#heading" class="internal-embed">Note &gt; Heading</a></p>"#
        ),
        ("![[doc.pdf]]", #"<p><a href="doc.pdf" class="internal-embed">doc.pdf</a></p>"#),
        (#"\![[Note]]"#, #"<p>!<a href="Note.html" class="internal-link">Note</a></p>"#),
    ])
    func embeds(markdown: String, html: String) {
        #expect(Obsidian.html(markdown) == html + "\n")
    }

    @Test func imageEmbedIsAnAttachmentWithPlaceAndSize() throws {
        let document = Obsidian.read(
            "---\ntitle: x\n---\nText `code` and ![[photos/beach 1.png|300x200]] and ![[b.gif|120]]")
        #expect(document.imageAttachments.count == 2)
        let first = try #require(document.imageAttachments.first)
        #expect(first.destination == "photos/beach%201.png")
        #expect(first.location == SourceLocation(file: "note.md", line: 4, column: 17))
        #expect(first.size == ImageSize(width: 300, height: 200))
        #expect(document.imageAttachments[1].size == ImageSize(width: 120, height: nil))
        #expect(document.imageAttachments[1].location?.column == 53)
    }

    @Test func embedsAndMarkdownImagesKeepDocumentOrder() throws {
        let document = Obsidian.read("![a](1.png) ![[2.png]]\n\n![b](3.png)")
        #expect(document.imageAttachments.map(\.destination) == ["1.png", "2.png", "3.png"])
        #expect(document.imageAttachments.map { $0.location?.line } == [1, 1, 3])
        #expect(document.imageAttachments.map { $0.location?.column } == [1, 13, 1])
    }

    @Test func imageHookReceivesEmbeds() {
        let html = Obsidian.html("![[a.png|300]]") { writer in
            writer.imageHook = { index, image, _ in
                "<img data-i=\"\(index)\" width=\"\(image.size?.width ?? 0)\">"
            }
        }
        #expect(html == "<p><img data-i=\"0\" width=\"300\"></p>\n")
    }

    @Test func embedHookPlacesNotes() throws {
        let html = Obsidian.html("See ![[Other#Part]]") { writer in
            writer.embedHook = { link in "<section>\(link.target)/\(link.fragment ?? "")</section>" }
        }
        #expect(html == "<p>See <section>Other/Part</section></p>\n")
        let link = try #require(Obsidian.read("x ![[Other]]").wikilinks.first)
        #expect(link.isEmbed && link.location?.column == 3)
    }
}

struct BareEmbedTests {
    @Test func embedAloneInItsParagraphIsPlacedWithoutP() {
        let html = Obsidian.html("Before\n\n![[Other]]\n\n- ![[Item]]\n- x ![[Inline]]") { writer in
            writer.embedHook = { "<div class=\"embed\">\($0.target)</div>" }
        }
        #expect(
            html == """
                <p>Before</p>
                <div class="embed">Other</div>
                <ul>
                <li>
                <div class="embed">Item</div>
                </li>
                <li>x <div class="embed">Inline</div></li>
                </ul>

                """)
    }
}
