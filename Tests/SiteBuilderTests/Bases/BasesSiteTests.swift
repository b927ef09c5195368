import Foundation
import NoteModel
import Testing

@testable import SiteBuilder

/// Bases built into sites: a `.base` file's page, a ```` ```base ```` block in a note, an embed of
/// one view, each layout's HTML, and problems placed in the file that has them.
@Suite struct BasesSiteTests {
    static func build(_ files: [String: String], images: [String: Data] = [:]) async throws -> (
        TestVault, BuildReport
    ) {
        try await TestVault.built(files, images: images)
    }

    static func book(_ title: String, author: String, pages: Int, status: String, extra: String = "")
        -> String
    {
        "---\ntags: [book]\nauthor: \(author)\npages: \(pages)\nstatus: \(status)\n---\n# \(title)\n\n\(extra)words\n"
    }

    /// Line 20 holds the view whose filter cannot be read; line 27 the map view.
    static let library = """
        filters:
          and:
            - file.hasTag("book")
        formulas:
          long: pages > 450
        properties:
          note.author:
            displayName: Author
        views:
          - type: table
            name: Books
            order: [file.name, author, pages, formula.long]
            sort:
              - property: pages
                direction: DESC
            summaries:
              pages: Sum
          - type: cards
            name: Shelf
            filters: "pages >>> 3"
            groupBy:
              property: status
              direction: ASC
          - type: list
            name: Titles
            order: [file.name, author]
          - type: map
            name: Where

        """

    static func files(_ extra: [String: String] = [:]) -> [String: String] {
        [
            "Library.base": library,
            "books/Dune.md": book("Dune", author: "Frank Herbert", pages: 412, status: "done"),
            "books/Emma.md": book(
                "Emma", author: "\"[[Jane Austen]]\"", pages: 474, status: "reading",
                extra: "![](cover.png)\n\n"),
            "books/Ulysses.md": book("Ulysses", author: "James Joyce", pages: 730, status: "done"),
            "Jane Austen.md": "# Jane Austen\n\nA writer.\n",
            "index.md": "# Home\n\nWelcome.\n",
        ].merging(extra) { $1 }
    }

    static let images = ["cover.png": TinyPNG.solid(width: 40, height: 60)]

    /// The text between the first `start` after `after` and the next `end`.
    static func part(of page: String, from start: String, to end: String, after: String = "") -> String {
        let from = after.isEmpty ? page.startIndex : page.range(of: after)?.upperBound ?? page.endIndex
        guard let found = page.range(of: start, range: from..<page.endIndex) else { return "" }
        let rest = page[found.lowerBound...]
        return String(rest[..<(rest.range(of: end)?.upperBound ?? rest.endIndex)])
    }

    @Test func aBaseFileIsAPageOfItsViews() async throws {
        let (vault, report) = try await Self.build(Self.files(), images: Self.images)
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let page = try vault.read("_site/library.base.html")
        #expect(page.contains("<title>Library · "))
        #expect(page.contains("<h1 class=\"base-title\">Library</h1>"))
        #expect(page.contains("assets/bases.js") && page.contains("assets/bases.css"))
        #expect(try !vault.read("_site/index.html").contains("bases.js"))
        #expect(try vault.read("_site/assets/bases.js").contains("aria-sort"))
        // The explorer lists the base as a page.
        #expect(page.contains("<a href=\"library.base.html\" aria-current=\"page\">Library</a>"))

        let table = Self.part(of: page, from: "<table class=\"base-table\">", to: "</table>")
        #expect(
            table.contains(
                "<tr><th scope=\"col\">file name</th><th scope=\"col\">Author</th><th scope=\"col\">pages</th><th scope=\"col\">long</th></tr>"
            ), "\(table)")
        // Sorted by pages, most first; names and link properties as links; numbers sortable.
        let body = Self.part(of: table, from: "<tbody>", to: "</tbody>")
        let rows = body.components(separatedBy: "<tr><td>").dropFirst().map { String($0.prefix(40)) }
        #expect(rows.count == 3 && rows[0].contains("ulysses") && rows[2].contains("dune"), "\(rows)")
        #expect(table.contains("<td><a href=\"books/emma.html\">Emma</a></td>"))
        #expect(table.contains("<td><a href=\"jane-austen.html\">Jane Austen</a></td>"), "\(table)")
        #expect(table.contains("<td data-sort=\"730.0\">730</td><td>true</td>"))
        #expect(
            table.contains(
                "<tfoot>\n<tr><td></td><td></td><td><span class=\"base-summary-name\">Sum</span> 1616</td><td></td></tr>"
            ))
    }

    @Test func aGroupedTableShowsEachGroupsSummariesAndTheTables() async throws {
        let base = """
            filters: file.hasTag("book")
            views:
              - type: table
                name: By status
                order: [file.name, pages]
                groupBy:
                  property: status
                  direction: ASC
                summaries:
                  pages: Sum
            """
        let (vault, report) = try await Self.build(Self.files(["Status.base": base]), images: Self.images)
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let table = Self.part(of: try vault.read("_site/status.base.html"), from: "<table", to: "</table>")
        let bodies = table.components(separatedBy: "<tbody>\n").dropFirst().map {
            String($0[..<($0.range(of: "</tbody>")?.lowerBound ?? $0.endIndex)])
        }
        let summary = { (value: String) in
            "<tr class=\"base-group-summary\"><td></td><td><span class=\"base-summary-name\">Sum</span> \(value)</td></tr>\n"
        }
        // Each group: its heading row, its rows, then its own summary last.
        #expect(bodies.count == 2, "\(table)")
        #expect(bodies.first?.hasPrefix("<tr class=\"base-group-row\">") == true)
        #expect(
            bodies.first?.contains(">done</th>") == true && bodies.first?.hasSuffix(summary("1142")) == true)
        #expect(
            bodies.last?.contains(">reading</th>") == true && bodies.last?.hasSuffix(summary("474")) == true)
        #expect(
            table.contains(
                "<tfoot>\n<tr><td></td><td><span class=\"base-summary-name\">Sum</span> 1616</td></tr>"),
            "\(table)")
    }

    @Test func cardsListsAndViewsNotDrawn() async throws {
        let (vault, report) = try await Self.build(Self.files(), images: Self.images)
        defer { vault.remove() }
        let page = try vault.read("_site/library.base.html")
        // The cards' filter cannot be read: it counts as false, so the view has no rows.
        let shelf = Self.part(
            of: page, from: "<section class=\"base-view base-cards-view\">", to: "</section>")
        #expect(shelf.contains("Shelf") && !shelf.contains("base-card\""), "\(shelf)")
        #expect(shelf.contains("<p class=\"base-notice\">No notes match this view.</p>"))
        let list = Self.part(of: page, from: "<ul class=\"base-list\">", to: "</ul>")
        #expect(
            list.contains(
                "<li><a href=\"books/emma.html\">Emma</a> <span class=\"base-list-values\"><a href=\"jane-austen.html\">Jane Austen</a></span></li>"
            ), "\(list)")
        #expect(list.components(separatedBy: "<li>").count == 4)
        let map = Self.part(
            of: page, from: "<section class=\"base-view base-unsupported-view\">", to: "</section>")
        #expect(
            map.contains("Where")
                && map.contains("This is a map view, which this site does not draw (3 notes)."))
        #expect(
            report.diagnostics.contains {
                $0.description.contains("Library.base:27:5: warning: the view 'Where' is a map")
            })
    }

    @Test func cardsShowEachNotesFirstImageInlinedAndGroupHeadings() async throws {
        let base = """
            filters: file.hasTag("book")
            views:
              - type: cards
                name: Shelf
                order: [file.name, author]
                groupBy:
                  property: status
                  direction: DESC
            """
        let (vault, report) = try await Self.build(Self.files(["Shelf.base": base]), images: Self.images)
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let page = try vault.read("_site/shelf.base.html")
        let headings = page.components(separatedBy: "<h3 class=\"base-group-heading\">").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
        #expect(headings == ["reading", "done"], "\(headings)")
        let emma = Self.part(of: page, from: "<li class=\"base-card\">", to: "</li>")
        #expect(
            emma.contains("<div class=\"base-card-image\"><img") && emma.contains("src=\"data:image/"),
            "\(emma)")
        #expect(emma.contains("<p class=\"base-card-title\"><a href=\"books/emma.html\">Emma</a></p>"))
        #expect(emma.contains("<dt>author</dt><dd><a href=\"jane-austen.html\">Jane Austen</a></dd>"))
        let dune = Self.part(
            of: page, from: "<li class=\"base-card\">", to: "</li>", after: "books/emma.html")
        #expect(dune.contains("Dune") && !dune.contains("<img"), "\(dune)")
    }

    @Test func aBlockInANoteIsItsViewsInPlaceWithProblemsAtTheNotesLines() async throws {
        let note = """
            # Reading

            Before.

            ```base
            filters: 'status == "done" && this.file.name != file.name'
            formulas:
              odd: nosuch(1)
            views:
              - type: list
                name: Done
                order: [file.name, formula.odd]
            ```

            After.
            """
        let (vault, report) = try await Self.build(Self.files(["Reading.md": note]), images: Self.images)
        defer { vault.remove() }
        let page = try vault.read("_site/reading.html")
        let body = Self.part(of: page, from: "<p>Before.</p>", to: "<p>After.</p>")
        #expect(
            body.contains("<div class=\"base\">") && body.contains("<p class=\"base-view-name\">Done</p>"),
            "\(body)")
        #expect(
            body.contains("books/dune.html") && body.contains("books/ulysses.html") && !body.contains("emma"))
        #expect(page.contains("assets/bases.js"))
        let found = report.diagnostics.map(\.description)
        #expect(found.contains { $0.contains("Reading.md:8:") && $0.contains("warning") }, "\(found)")
    }

    @Test func anEmbedShowsTheNamedViewOrAll() async throws {
        let host = "# Host\n\n![[Library.base#Titles]]\n\n![[Library.base]]\n"
        let (vault, report) = try await Self.build(Self.files(["Host.md": host]), images: Self.images)
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let page = try vault.read("_site/host.html")
        let embeds = page.components(separatedBy: "<div class=\"embed\" data-note=\"Library.base\">")
            .dropFirst()
        #expect(embeds.count == 2)
        let first = try #require(embeds.first)
        let firstEmbed = String(
            first[..<(first.range(of: "<div class=\"embed\"")?.lowerBound ?? first.endIndex)])
        #expect(firstEmbed.contains("Library &gt; Titles") && firstEmbed.contains("base-list-view"))
        #expect(!firstEmbed.contains("base-table-view") && !firstEmbed.contains("Shelf"), "\(firstEmbed)")
        let second = try #require(embeds.last)
        #expect(second.contains("base-table-view") && second.contains("Shelf") && second.contains("Titles"))
        #expect(page.contains("assets/bases.css"))
        #expect(!page.contains("base-title"))
    }

    @Test func problemsInABaseFileAreAtTheirPlaces() async throws {
        let (vault, report) = try await Self.build(Self.files(), images: Self.images)
        defer { vault.remove() }
        let found = report.diagnostics.map(\.description)
        // `pages >>> 3`: a `>` (column 22 of line 20) cannot start a value; reported once.
        let broken = found.filter { $0.contains("Library.base:20:22: warning: cannot read the expression") }
        #expect(broken.count == 1, "\(found)")
        #expect(report.errorCount == 0)
    }
}

/// What Resolve and the image stage know, as bases read it: backlinks, embeds, files by path,
/// HTML through the sanitizer, images through the renditions.
@Suite struct BasesSiteFunctionTests {
    static let extras = """
        filters: file.hasTag("book")
        formulas:
          back: file.backlinks
          shown: file.embeds
          mark: 'html("<b>" + status + "</b><script>alert(1)</script>")'
          cover: 'image("cover.png")'
          web: 'image("https://example.org/x.png")'
          lost: 'image("nowhere.png")'
          home: 'file("index").path'
        views:
          - type: table
            name: Extras
            order: [file.name, formula.back, formula.shown, formula.mark, formula.cover, formula.web, formula.lost, formula.home]
        """

    static func files(_ extra: [String: String] = [:]) -> [String: String] {
        BasesSiteTests.files(
            [
                "Extras.base": extras,
                "List.md": "---\ntags: [book]\n---\n# List\n\n[[Dune]] and [[Emma]], ![[Ulysses]]\n",
            ]
        ).merging(extra) { $1 }
    }

    /// The cells of the row whose first cell is the link `name`.
    static func row(_ name: String, in page: String) throws -> [String] {
        let table = BasesSiteTests.part(of: page, from: "<tbody>", to: "</tbody>")
        let rows = table.components(separatedBy: "<tr>").dropFirst().map { row in
            row.components(separatedBy: "<td").dropFirst().map {
                String($0.drop { $0 != ">" }.dropFirst()).components(separatedBy: "</td>")[0]
            }
        }
        return try #require(rows.first { $0.first?.hasSuffix(">\(name)</a>") == true })
    }

    @Test func backlinksEmbedsAndFilesComeFromResolve() async throws {
        let (vault, report) = try await BasesSiteTests.build(Self.files(), images: BasesSiteTests.images)
        defer { vault.remove() }
        let page = try vault.read("_site/extras.base.html")
        let dune = try Self.row("Dune", in: page)
        #expect(dune[1] == "<a href=\"list.html\">List</a>", "\(dune)")
        #expect(dune[2] == "", "\(dune)")
        #expect(dune[7] == "index.md")
        let emma = try Self.row("Emma", in: page)
        // Emma is linked from List; she shows her cover and links her author (not an embed).
        #expect(emma[1] == "<a href=\"list.html\">List</a>", "\(emma)")
        #expect(emma[2] == "cover.png", "\(emma)")
        // An embed links too, as in Obsidian's backlinks.
        let ulysses = try Self.row("Ulysses", in: page)
        #expect(ulysses[1] == "<a href=\"list.html\">List</a>", "\(ulysses)")
        let list = try Self.row("List", in: page)
        #expect(list[1] == "" && list[2] == "<a href=\"books/ulysses.html\">Ulysses</a>", "\(list)")
        #expect(report.errorCount == 0, "\(report.diagnostics)")
    }

    @Test func htmlIsSanitizedUnlessTheSiteAllowsIt() async throws {
        let (vault, _) = try await BasesSiteTests.build(Self.files(), images: BasesSiteTests.images)
        defer { vault.remove() }
        let mark = try Self.row("Dune", in: vault.read("_site/extras.base.html"))[3]
        #expect(mark == "<b>done</b>", "\(mark)")
        let (allowing, _) = try await BasesSiteTests.build(
            Self.files(["notesite.yml": "allow_html: true\n"]), images: BasesSiteTests.images)
        defer { allowing.remove() }
        let kept = try Self.row("Dune", in: allowing.read("_site/extras.base.html"))[3]
        #expect(kept == "<b>done</b><script>alert(1)</script>", "\(kept)")
    }

    @Test func imagesAreRenditionsOrAddressesOrAWarning() async throws {
        let (vault, report) = try await BasesSiteTests.build(Self.files(), images: BasesSiteTests.images)
        defer { vault.remove() }
        let dune = try Self.row("Dune", in: vault.read("_site/extras.base.html"))
        // The vault's picture as the notes show it: a rendition, inlined, at its size.
        #expect(
            dune[4].hasPrefix("<img class=\"notesite-image\" src=\"data:image/")
                && dune[4].contains("width=\"40\" height=\"60\""), "\(dune[4].prefix(200))")
        #expect(
            dune[5]
                == "<img class=\"base-image\" src=\"https://example.org/x.png\" alt=\"\" loading=\"lazy\">")
        #expect(dune[6] == "")
        let warnings = report.diagnostics.map(\.description).filter { $0.contains("nowhere.png") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(
            warnings.first?.contains("/Extras.base:11:5: warning: image(): 'nowhere.png' is not an image")
                == true,
            "\(warnings)")
    }
}
