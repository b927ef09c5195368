import MarkdownReader
import NoteModel
import Testing

/// Wikilinks in front matter values: found in every text scalar of an unknown key, each placed at
/// its own `[[` so a broken one is reported where it is written.
struct PropertyLinksTests {
    @Test func linksAreFoundInTextListsAndNestedValuesWithTheirPlaces() throws {
        let document = Obsidian.read(
            """
            ---
            title: T
            related: "[[b]]"
            see:
              - "[[c|Sea]]"
              - plain
            source: {book: "see [[d#Part]] and [[e]]"}
            notes: |
              first line
              then [[f]]
            rating: 3
            ---
            Body [[g]].
            """)
        let matter = try #require(document.frontMatter)
        let found = matter.links.map {
            ($0.key, $0.link.target, $0.link.location?.line, $0.link.location?.column)
        }
        #expect(found.map(\.0) == ["related", "see", "source", "source", "notes"])
        #expect(found.map(\.1) == ["b", "c", "d", "e", "f"])
        #expect(found.map(\.2) == [3, 5, 7, 7, 10])
        #expect(found.map(\.3) == [11, 6, 21, 36, 8])
        #expect(matter.links[1].link.alias == "Sea")
        #expect(matter.links[2].link.fragment == "Part")
        #expect(matter.links.allSatisfy { $0.link.location?.file == "note.md" })
        // The body's link is the body's; the front matter's are not in the text.
        #expect(document.wikilinks.map(\.target) == ["g"])
        #expect(matter.extra.first { $0.key == "related" }?.location?.line == 3)
    }

    @Test func knownKeysAndNonTextValuesHoldNoLinks() throws {
        let matter = try #require(
            Obsidian.read("---\ntitle: \"[[a]]\"\naliases: [\"[[b]]\"]\nn: 4\nflag: true\n---\n").frontMatter)
        #expect(matter.links.isEmpty)
    }

    @Test func aLinkWrittenWithAnEscapeIsPlacedAtItsScalar() throws {
        let matter = try #require(Obsidian.read("---\nx: \"\\u0041 [[b]] [[\\u0063]]\"\n---\n").frontMatter)
        #expect(matter.links.map(\.link.target) == ["b", "c"])
        #expect(matter.links.map(\.link.location?.line) == [2, 2])
        // `[[b]]` is written as it reads; `[[c]]` is not, and is placed at its value.
        #expect(matter.links.map(\.link.location?.column) == [12, 4])
    }

    @Test(arguments: [
        ("plain", ["text plain"]),
        ("a [[b]] c", ["text a ", "link b", "text  c"]),
        ("[[b|Bee]][[c#H]]", ["link b", "link c"]),
        ("![[img.png]]", ["text !", "link img.png"]),
        ("[[no close", ["text [[no close"]),
        ("[[a[b]]", ["text [[a[b]]"]),
        ("**bold** [x](y)", ["text **bold** [x](y)"]),
        ("", []),
    ])
    func partsAreTextAndLinks(text: String, expected: [String]) {
        let parts = PropertyText.parts(text).map { part -> String in
            switch part {
            case .text(let plain): "text \(plain)"
            case .link(let link, _): "link \(link.target)"
            }
        }
        #expect(parts == expected)
    }
}
