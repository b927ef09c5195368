import NoteModel
import Testing

@testable import Bases

/// Reading `.base` YAML: every section, views' settings, and warnings at their places.
@Suite struct BaseFileTests {
    static let example = """
        filters:
          or:
            - file.hasTag("tag")
            - and:
                - file.hasTag("book")
                - file.hasLink("Textbook")
            - not:
                - file.hasTag("book")
                - file.inFolder("Required Reading")
        formulas:
          formatted_price: 'if(price, price.toFixed(2) + " dollars")'
          ppu: "(price / age).toFixed(2)"
        properties:
          status:
            displayName: Status
          formula.formatted_price:
            displayName: "Price"
          file.ext:
            displayName: Extension
        summaries:
          customAverage: 'values.mean().round(3)'
        views:
          - type: table
            name: "My table"
            limit: 10
            groupBy:
              property: note.age
              direction: DESC
            filters:
              and:
                - 'status != "done"'
                - or:
                    - "formula.ppu > 5"
                    - "price > 2.1"
            order:
              - file.name
              - file.ext
              - note.age
              - formula.ppu
              - formula.formatted_price
            sort:
              - property: file.mtime
                direction: DESC
              - property: price
                direction: ASC
            summaries:
              formula.ppu: Average
              note.age: customAverage
            rowHeight: tall
          - type: cards
            name: Gallery
            image: note.cover
          - type: list
            name: Plain
          - type: map
            name: Places
          - type: kanban
            name: Board
        """

    @Test func readsEverySection() throws {
        let base = BaseFile.parse(Self.example, file: "books.base")
        guard case .or(let parts) = base.filters, parts.count == 3, case .and(let both) = parts[1],
            case .not(let none) = parts[2], case .statement(let first) = parts[0]
        else {
            Issue.record("unexpected filters \(String(describing: base.filters))")
            return
        }
        #expect(both.count == 2 && none.count == 2)
        #expect(first.text == #"file.hasTag("tag")"#)
        #expect(base.formulas.map(\.name) == ["formatted_price", "ppu"])
        #expect(base.formulas[0].expression.text == #"if(price, price.toFixed(2) + " dollars")"#)
        #expect(
            base.displayNames == [
                .note("status"): "Status", .formula("formatted_price"): "Price", .file("ext"): "Extension",
            ])
        #expect(base.customSummaries.map(\.name) == ["customAverage"])
        #expect(base.views.map(\.name) == ["My table", "Gallery", "Plain", "Places", "Board"])
        #expect(base.views.map(\.layout) == [.table, .cards, .list, .map, .other("kanban")])
        let table = base.views[0]
        #expect(table.limit == 10)
        #expect(table.groupBy == BaseSort(property: .note("age"), descending: true))
        #expect(
            table.sort == [
                BaseSort(property: .file("mtime"), descending: true), BaseSort(property: .note("price")),
            ])
        #expect(
            table.order == [
                .file("name"), .file("ext"), .note("age"), .formula("ppu"), .formula("formatted_price"),
            ])
        #expect(table.summaries.map(\.summary) == ["Average", "customAverage"])
        #expect(table.settings == ["rowHeight": "tall"])
        guard case .and(let viewFilters) = table.filters else {
            Issue.record("the view's filters are missing")
            return
        }
        #expect(viewFilters.count == 2)
        #expect(base.views[1].image == .note("cover"))
        #expect(base.views[2].order == [.file("name")])
        #expect(base.view(named: "Plain")?.layout == .list)
        #expect(base.view(named: nil)?.name == "My table")
        #expect(base.displayName(of: .file("ext")) == "Extension")
        #expect(base.displayName(of: .file("name")) == "file name")
        #expect(base.displayName(of: .note("age")) == "age")
        // Only the views notesite cannot draw are warned about.
        #expect(
            base.diagnostics.map(\.description) == [
                "books.base:55:5: warning: the view 'Places' is a map, which notesite does not draw",
                "books.base:57:5: warning: the view 'Board' has the layout 'kanban', which notesite does not draw",
            ])
    }

    @Test func aSingleStatementIsAFilter() {
        let base = BaseFile.parse(#"filters: 'status == "done"'"#, file: "a.base")
        guard case .statement(let statement) = base.filters else {
            Issue.record("expected a statement")
            return
        }
        #expect(statement.text == #"status == "done""#)
        #expect(statement.location == NoteModel.SourceLocation(file: "a.base", line: 1, column: 11))
    }

    /// Where a syntax error points, for each way YAML writes a scalar (the end of an expression is
    /// the place after its last byte: a closing quote, or past the line).
    @Test(arguments: [
        ("formulas:\n  a: price +\n", "a.base:2:13"),
        ("formulas:\n  a: 'price + '\n", "a.base:2:15"),
        ("formulas:\n  a: \"x + \\\"y\\\" +\"\n", "a.base:2:18"),
        ("formulas:\n  a: 'if(x, ''y'', ?)'\n", "a.base:2:20"),
        ("formulas:\n  a: |\n    price *\n      ?\n", "a.base:4:7"),
        ("formulas:\n  a: >\n    price *\n    ?\n", "a.base:4:5"),
        ("filters:\n  and:\n    - file.hasTag(\"a\"\n", "a.base:3:22"),
        ("views:\n  - type: table\n    filters: 'a =! b'\n", "a.base:3:17"),
    ])
    func syntaxErrorsPointIntoTheFile(_ yaml: String, _ place: String) throws {
        let base = BaseFile.parse(yaml, file: "a.base")
        let diagnostic = try #require(base.diagnostics.first)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.location?.description == place)
    }

    @Test func aBlockInANoteCountsTheNotesLines() throws {
        let base = BaseFile.parse("formulas:\n  a: 'x +'\n", file: "notes/home.md", lineOffset: 10)
        #expect(base.diagnostics.first?.location?.description == "notes/home.md:12:10")
        let broken = BaseFile.parse("views: [\n", file: "notes/home.md", lineOffset: 10)
        let diagnostic = try #require(broken.diagnostics.first)
        #expect(diagnostic.message.hasPrefix("this base is not valid YAML"))
        #expect((diagnostic.location?.line ?? 0) > 10)
    }

    @Test(arguments: [
        ("colour: red\n", "unknown key 'colour' in a base"),
        ("- a\n", "a base must be a mapping of filters, formulas, properties, summaries and views"),
        ("filters:\n  - a\n", "expected 'and', 'or' or 'not' before a list of filters"),
        ("filters:\n  all:\n    - a\n", "unknown filter 'all': expected 'and', 'or' or 'not'"),
        ("filters:\n  and: [a]\n  or: [b]\n", "a filter object holds one key: 'and', 'or' or 'not'"),
        ("formulas: [a]\n", "'formulas' must map names to expressions"),
        ("formulas:\n  a: 1\n  a: 2\n", "the formula 'a' is defined twice"),
        ("views: {}\n", "'views' must be a list of views"),
        ("views:\n  - limit: many\n", "'limit' must be a whole number"),
        ("views:\n  - sort: name\n", "'sort' must be a list of properties with directions"),
        ("views:\n  - groupBy:\n      direction: DESC\n", "a sort must name its 'property'"),
        ("views:\n  - groupBy:\n      property: a\n      direction: UP\n", "a direction is ASC or DESC"),
        ("views:\n  - summaries:\n      price: Mean\n", "unknown summary 'Mean'"),
        ("properties:\n  a: b\n", "a property's settings must be a mapping"),
    ])
    func mistakesAreWarnings(_ yaml: String, _ message: String) {
        let base = BaseFile.parse(yaml, file: "a.base")
        #expect(base.diagnostics.map(\.message).contains(message), "\(base.diagnostics)")
        #expect(base.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func customSummariesMayComeAfterTheViews() {
        let base = BaseFile.parse(
            "views:\n  - summaries:\n      price: half\nsummaries:\n  half: values.sum() / 2\n",
            file: "a.base")
        #expect(base.diagnostics.isEmpty)
    }

    @Test func deepFiltersAreRefused() {
        var yaml = "filters:\n"
        for level in 0..<90 { yaml += String(repeating: "  ", count: level + 1) + "and:\n" }
        yaml += String(repeating: "  ", count: 91) + "- a\n"
        let base = BaseFile.parse(yaml, file: "a.base")
        #expect(base.diagnostics.contains { $0.message.contains("deeper than") })
    }

    /// Whether a base reads the clock, wherever the call is written: a page showing it is then
    /// keyed by the build's day.
    @Test(arguments: [
        ("filters: 'file.mtime > now() - \"1d\"'", true),
        ("formulas:\n  left: '(date(due) - today()).days'", true),
        ("formulas:\n  ago: 'file.ctime.relative()'", true),
        ("views:\n  - type: table\n    filters:\n      not:\n        - 'date(due) < today()'", true),
        ("summaries:\n  late: 'values.filter(value < now()).length'", true),
        ("filters: 'file.hasTag(\"now\") && nowhere == \"today()\"'", false),
        ("formulas:\n  x: 'date(due).format(\"YYYY\")'", false),
    ])
    func readsClock(_ yaml: String, _ reads: Bool) {
        #expect(BaseFile.parse(yaml, file: "t.base").readsClock == reads)
    }
}
