import NoteModel
import Testing

@testable import Bases

/// Views evaluated over the fixture vault: filters, formulas, sort, groups, limit and summaries.
@Suite struct EvaluationTests {
    func names(_ yaml: String) -> [String] {
        Fixture.result(yaml).views.first?.rows.map(\.path) ?? []
    }

    @Test func noFiltersListEveryRow() {
        #expect(names("views:\n  - type: table\n") == Fixture.rows.map(\.path))
        // Without views a base is one table of every row.
        #expect(Fixture.result("filters: 'file.hasTag(\"book\")'\n").views.first?.rows.count == 2)
    }

    @Test(arguments: [
        ("filters: 'file.hasTag(\"book\")'", ["books/Dune.md", "books/Emma.md"]),
        ("filters:\n  and:\n    - file.hasTag(\"book\")\n    - 'price > 5'", ["books/Dune.md"]),
        (
            "filters:\n  or:\n    - 'rating == 3'\n    - file.inFolder(\"authors\")",
            ["authors/Frank Herbert.md", "Home.md"]
        ),
        ("filters:\n  not:\n    - file.hasTag(\"book\")\n    - 'rating == 3'", ["authors/Frank Herbert.md"]),
        (
            "filters:\n  or:\n    - file.hasTag(\"person\")\n    - and:\n        - file.hasTag(\"book\")\n        - not:\n            - 'status == \"done\"'",
            ["books/Emma.md", "authors/Frank Herbert.md"]
        ),
        ("filters:\n  and: []", ["books/Dune.md", "books/Emma.md", "authors/Frank Herbert.md", "Home.md"]),
        ("filters:\n  or: []", []),
        ("filters: 'file.mtime > now() - \"1 week\"'", ["books/Dune.md", "books/Emma.md", "Home.md"]),
    ])
    func filters(_ filters: String, _ expected: [String]) {
        #expect(names(filters + "\nviews:\n  - type: table\n") == expected)
    }

    @Test func globalAndViewFiltersAreJoinedWithAnd() {
        let yaml = """
            filters: 'file.hasTag("book")'
            views:
              - type: table
                name: Done
                filters: 'status == "done"'
              - type: table
                name: All
            """
        let result = Fixture.result(yaml)
        #expect(
            result.views.map { $0.rows.map(\.path) } == [
                ["books/Dune.md"], ["books/Dune.md", "books/Emma.md"],
            ])
        #expect(Fixture.result(yaml + "\n").views.count == 2)
        #expect(
            BaseEvaluator(
                base: BaseFile.parse(yaml, file: "t.base"), rows: Fixture.rows,
                options: .init(now: Fixture.now)
            )
            .evaluate(viewName: "All").views.map(\.view.name) == ["All"])
    }

    @Test func aStatementThatFailsIsFalseAndWarnsOnce() {
        let yaml = "filters:\n  not:\n    - 'nosuch(1)'\nviews:\n  - type: table\n"
        let result = Fixture.result(yaml)
        // `not` of a failing statement keeps the rows; the warning comes once for four rows.
        #expect(result.views[0].rows.count == 4)
        #expect(
            result.diagnostics.map(\.description) == ["test.base:3:8: warning: unknown function 'nosuch'"])
        let failed = Fixture.result("filters: 'price.nosuch()'\nviews:\n  - type: table\n")
        // Rows without a price give null quietly (a method on a missing value is missing), so false.
        #expect(failed.views[0].rows.isEmpty)
        #expect(
            failed.diagnostics.map(\.description) == [
                "test.base:1:17: warning: unknown function 'nosuch' for a number"
            ])
    }

    @Test func columnsFormulasAndDisplayNames() {
        let yaml = """
            filters: 'file.hasTag("book")'
            formulas:
              formatted_price: 'if(price, price.toFixed(2) + " dollars")'
              ppu: "(price / pages * 100).toFixed(2)"
              double: formula.ppu * 2
            properties:
              note.status:
                displayName: Status
              formula.formatted_price:
                displayName: Price
            views:
              - type: table
                order: [file.basename, status, formula.formatted_price, formula.ppu, formula.double, missing]
            """
        let view = Fixture.result(yaml).views[0]
        #expect(
            view.columns.map(\.displayName) == [
                "file basename", "Status", "Price", "ppu", "double", "missing",
            ])
        #expect(
            Fixture.lines(view) == [
                "Dune.md: Dune, done, 9.50 dollars, 2.31, 4.62, ",
                "Emma.md: Emma, reading, 4.00 dollars, 1.33, 2.66, ",
            ])
        #expect(view.rows[0].cells[1].value == .string("done"))
    }

    @Test func formulaCyclesAreWarningsNotLoops() {
        let yaml = """
            formulas:
              a: formula.b + 1
              b: formula.c + 1
              c: formula.a + 1
              self: formula.self
              fine: 1 + 1
            views:
              - type: table
                order: [formula.a, formula.self, formula.fine]
            """
        let result = Fixture.result(yaml)
        #expect(Fixture.lines(result.views[0]).first == "Dune.md: , , 2")
        #expect(
            result.diagnostics.map(\.description) == [
                "test.base:4:14: warning: the formula 'a' refers to itself: a -> b -> c -> a",
                "test.base:5:17: warning: the formula 'self' refers to itself: self -> self",
            ])
    }

    @Test func unknownFormulasAndTypeErrorsNameTheirPlace() {
        let yaml = """
            formulas:
              bad: "formula.nothing + 1"
              typed: 'status.toFixed(2)'
              wrong: 'date("soon")'
            views:
              - type: table
                order: [formula.bad, formula.typed, formula.wrong, file.name]
            """
        let result = Fixture.result(yaml)
        #expect(result.views[0].rows.allSatisfy { $0.cells[3].text.hasSuffix(".md") })
        #expect(
            result.diagnostics.map(\.description) == [
                "test.base:2:17: warning: unknown formula 'nothing'",
                "test.base:3:18: warning: unknown function 'toFixed' for a string",
                "test.base:4:11: warning: date(): 'soon' is not a date",
            ])
    }

    @Test func sortByKeysAndDirections() {
        let byRating =
            "views:\n  - type: table\n    order: [rating]\n    sort:\n      - property: rating\n        direction: DESC\n"
        #expect(names(byRating) == ["books/Dune.md", "books/Emma.md", "Home.md", "authors/Frank Herbert.md"])
        let ascending = byRating.replacingOccurrences(of: "DESC", with: "ASC")
        // Empty values stay last either way.
        #expect(
            names(ascending) == ["Home.md", "books/Emma.md", "books/Dune.md", "authors/Frank Herbert.md"])
        let twoKeys = """
            views:
              - type: table
                sort:
                  - property: status
                    direction: ASC
                  - property: file.size
                    direction: DESC
            """
        #expect(names(twoKeys) == ["books/Dune.md", "Home.md", "books/Emma.md", "authors/Frank Herbert.md"])
        let byName =
            "views:\n  - type: table\n    sort:\n      - property: file.name\n        direction: ASC\n"
        #expect(names(byName) == ["books/Dune.md", "books/Emma.md", "authors/Frank Herbert.md", "Home.md"])
        let byDate =
            "views:\n  - type: table\n    sort:\n      - property: file.mtime\n        direction: DESC\n"
        #expect(names(byDate) == ["Home.md", "books/Emma.md", "books/Dune.md", "authors/Frank Herbert.md"])
    }

    @Test func groupsAndLimit() {
        let yaml = """
            views:
              - type: table
                order: [file.basename]
                groupBy:
                  property: status
                  direction: DESC
                sort:
                  - property: file.size
                    direction: ASC
                limit: 3
            """
        let view = Fixture.result(yaml).views[0]
        #expect(view.groups.map(\.key) == [.string("reading"), .string("done")])
        #expect(view.groups.map { $0.rows.map(\.cells[0].text) } == [["Emma"], ["Home", "Dune"]])
        #expect(view.matchedCount == 4)
        #expect(view.rows.count == 3)
        let ungrouped = Fixture.result("views:\n  - type: list\n    limit: 0\n").views[0]
        #expect(ungrouped.groups.count == 1 && ungrouped.rows.isEmpty)
        let rowsWithoutKey = Fixture.result("views:\n  - type: table\n    groupBy: status\n").views[0]
        #expect(rowsWithoutKey.groups.map(\.key) == [.string("done"), .string("reading"), .null])
        #expect(rowsWithoutKey.groups.map(\.rows.count) == [2, 1, 1])
    }

    static let summaryCases: [(String, String, String)] = [
        ("rating", "Average", "4"), ("rating", "Min", "3"), ("rating", "Max", "5"), ("rating", "Sum", "12"),
        ("rating", "Range", "2"), ("rating", "Median", "4"), ("pages", "Median", "356"),
        ("rating", "Stddev", "0.816496580927726"), ("file.ctime", "Earliest", "2022-01-01"),
        ("file.ctime", "Latest", "2025-01-10"), ("file.ctime", "Range", "1105 days"),
        ("done", "Checked", "1"),
        ("done", "Unchecked", "1"), ("status", "Empty", "1"), ("status", "Filled", "3"),
        ("status", "Unique", "2"),
        ("status", "Count", "4"), ("price", "Average", "6.75"), ("cover", "Average", ""),
    ]

    @Test(arguments: summaryCases)
    func summaries(_ property: String, _ summary: String, _ expected: String) throws {
        let yaml =
            "views:\n  - type: table\n    order: [file.name, \(property)]\n    summaries:\n      \(property): \(summary)\n"
        let view = Fixture.result(yaml).views[0]
        let value = try #require(view.summaries.first)
        #expect(value.column == 1)
        #expect(value.name == summary)
        #expect(value.value.text == expected)
    }

    @Test func summariesPerGroupAndCustom() throws {
        let yaml = """
            summaries:
              half: values.sum() / 2
              top: 'values.filter(value > 3).length'
            views:
              - type: table
                order: [rating, pages]
                groupBy: status
                summaries:
                  rating: half
                  pages: Sum
                  note.rating: top
            """
        let view = Fixture.result(yaml).views[0]
        #expect(view.summaries.map(\.value.text) == ["6", "712", "2"])
        #expect(
            view.groups.map { $0.summaries.map(\.value.text) } == [
                ["4", "412", "1"], ["2", "300", "1"], ["0", "0", "0"],
            ])
    }

    @Test func cardsCarryTheirImage() {
        let yaml = "views:\n  - type: cards\n    image: genres\n    filters: file.hasTag(\"book\")\n"
        let view = Fixture.result(yaml).views[0]
        #expect(view.rows.map(\.image) == [.list([.string("scifi"), .string("classic")]), .null])
    }

    @Test func thisReadsTheEmbeddingNote() {
        let yaml = "filters: file.hasLink(this.file)\nviews:\n  - type: table\n"
        #expect(Fixture.result(yaml, this: Fixture.herbert).views[0].rows.map(\.path) == ["books/Dune.md"])
        #expect(Fixture.result(yaml, this: Fixture.emma).views[0].rows.isEmpty)
    }

    @Test func runawayExpressionsStop() {
        let yaml = """
            formulas:
              doubled: '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40].reduce([acc, acc], 0)'
              text: '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30].reduce(acc + acc, "ab")'
              a: '[file.name, file.name]'
              b: '[formula.a, formula.a]'
              c: '[formula.b, formula.b]'
            views:
              - type: table
                order: [formula.doubled, formula.text, formula.c]
            """
        let result = Fixture.result(yaml)
        #expect(result.views[0].rows.first?.cells.map(\.text).prefix(2) == ["", ""])
        #expect(result.diagnostics.map(\.message).contains { $0.hasPrefix("the expression takes more than") })
        #expect(result.diagnostics.map(\.message).contains { $0.hasPrefix("the text grows longer than") })
    }

    @Test func longFormulaChainsAndHugeDurationsStop() {
        var yaml =
            "formulas:\n  f0: '" + String(repeating: "(", count: 60) + "1" + String(repeating: ")", count: 60)
            + "'\n"
        for index in 1..<60 { yaml += "  f\(index): '((((formula.f\(index - 1) + 1))))'\n" }
        yaml +=
            "  big: '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20].reduce(acc + acc, duration(\"9000y\"))'\n"
        yaml += "views:\n  - type: table\n    order: [formula.f59, formula.f20, formula.big]\n"
        let result = Fixture.result(yaml)
        #expect(result.views[0].rows.first?.cells.map(\.text) == ["", "21", ""])
        #expect(result.diagnostics.map(\.message).contains { $0.contains("deep") })
        #expect(result.diagnostics.map(\.message).contains("the duration is out of range"))
    }

    @Test func unsupportedFeaturesAreWarnings() {
        let yaml = """
            formulas:
              r: '/a(?=b)/.matches(file.name)'
              b: 'icon("arrow-right")'
              i: 'author.asFile()'
            views:
              - type: table
                order: [formula.r, formula.b, formula.i]
            """
        #expect(
            Fixture.result(yaml).diagnostics.map(\.description) == [
                "test.base:2:7: warning: lookahead ((?=...), (?!...)) is not supported by notesite",
                "test.base:3:7: warning: the function 'icon' is not supported by notesite",
                "test.base:4:14: warning: the function 'asFile' is not supported by notesite",
            ])
    }

    /// Columns count UTF-8 bytes, as a note's diagnostics do (cmark's), though libyaml counts
    /// characters: `ü`, `ß` and `é` before an expression push it a byte right each.
    @Test func columnsCountBytesAfterNonASCIIText() {
        let yaml = """
            formulas:
              grüße: 'nosuch(1)'
              "é": "1 + \\"x\\".nosuch()"
            views:
              - type: table
                name: Ünïcode
                order: [formula.grüße, formula.é]
              - type: map
                name: Kärtchen
            """
        #expect(
            Fixture.result(yaml).diagnostics.map(\.description) == [
                "test.base:8:5: warning: the view 'Kärtchen' is a map, which notesite does not draw",
                "test.base:2:13: warning: unknown function 'nosuch'",
                "test.base:3:20: warning: unknown function 'nosuch' for a string",
            ])
        // In a block of a note: the note's lines, the same columns.
        let block = BaseFile.parse("formulas:\n  ä: 'x +* 1'\n", file: "note.md", lineOffset: 4)
        #expect(
            block.diagnostics.map(\.description).first?.hasPrefix("note.md:6:11: warning: cannot read")
                == true,
            "\(block.diagnostics)")
    }
}

/// Values that grow (long texts, long lists) are refused before they fill the memory.
@Suite struct SizeTests {
    @Test func longTextsAndListsAreBounded() {
        let long = #""x".repeat(100000)"#
        let steps = "<error: the expression takes more than \(Bases.stepBudget) steps>"
        // Making a long text for each item of a long list runs out of steps, not of memory.
        #expect(Fixture.show("\(long).split(\"\").map(\(long)).length") == steps)
        #expect(Fixture.show(#""x".repeat(2000000)"#).hasPrefix("<error: repeat(): the text grows longer"))
        #expect(
            Fixture.show("\(long).replace(\"x\", \"yyyyyyyyyyyyyyyyyyyyy\")")
                .hasPrefix("<error: replace(): the text grows longer"))
        #expect(Fixture.show("[1, 2, 3].map([1, 2, 3, 4, 5]).flat().length") == "15")
        #expect(Fixture.show(#""x".repeat(1000).split("").unique().length"#) == "1")
        #expect(Fixture.show(#"[link("Dune"), file, link("books/Dune.md"), 1, 1].unique().length"#) == "2")
    }
}
