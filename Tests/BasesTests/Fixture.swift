import NoteModel

@testable import Bases

/// A small vault and helpers that evaluate one expression or one base over it.
enum Fixture {
    static func date(_ text: String) -> BaseDate {
        guard let date = BaseDate(parsing: text) else { fatalError("bad test date \(text)") }
        return date
    }

    static let now = date("2025-06-15 12:00")

    static let dune = BaseRow(
        path: "books/Dune.md", size: 1200, created: date("2025-01-10"), modified: date("2025-06-10 10:00"),
        tags: ["book", "scifi/classic"], links: ["authors/Frank Herbert.md"],
        properties: [
            BaseEntry("price", .number(9.5)), BaseEntry("pages", .number(412)),
            BaseEntry("status", .string("done")),
            BaseEntry("author", .link(BaseLink(target: "[[Frank Herbert]]"))),
            BaseEntry("genres", .list([.string("scifi"), .string("classic")])),
            BaseEntry("done", .bool(true)),
            BaseEntry("rating", .number(5)), BaseEntry("started", .date(date("2025-01-01"))),
            BaseEntry("due date", .string("2025-07-01")),
        ], backlinks: ["Home.md"], embeds: ["covers/dune.jpg", "authors/Frank Herbert.md"])
    static let emma = BaseRow(
        path: "books/Emma.md", size: 800, created: date("2024-03-01"), modified: date("2025-06-14 08:00"),
        tags: ["book"],
        properties: [
            BaseEntry("price", .number(4)), BaseEntry("pages", .number(300)),
            BaseEntry("status", .string("reading")),
            BaseEntry("done", .bool(false)), BaseEntry("rating", .number(4)),
        ])
    static let herbert = BaseRow(
        path: "authors/Frank Herbert.md", size: 100, created: date("2023-05-05"),
        modified: date("2023-05-05"),
        tags: ["person"])
    static let home = BaseRow(
        path: "Home.md", size: 50, created: date("2022-01-01"), modified: date("2025-06-15 11:59"),
        links: ["books/Dune.md"],
        properties: [BaseEntry("rating", .number(3)), BaseEntry("status", .string("done"))])
    static let rows = [dune, emma, herbert, home]

    /// The value of `text` for `row`, and the warnings it gave (at 1:1 of `test.base` plus offset).
    static func evaluate(
        _ text: String, row: BaseRow = dune, this: BaseRow? = nil, formulas: [String: String] = [:]
    )
        -> (value: BaseValue?, diagnostics: [Diagnostic])
    {
        var base = BaseFile(file: "test.base")
        for (name, formula) in formulas.sorted(by: { $0.key < $1.key }) {
            base.formulas.append(BaseFormula(name: name, expression: expression(formula)))
        }
        let interpreter = Interpreter(
            base: base, rows: rows, options: BaseEvaluator.Options(now: now, this: this))
        let index = rows.firstIndex(of: row) ?? 0
        let value = interpreter.value(of: expression(text), row: index)
        return (value, base.diagnostics + interpreter.diagnostics)
    }

    /// The displayed text of `text`'s value, or "<error: message>".
    static func show(_ text: String, row: BaseRow = dune, this: BaseRow? = nil) -> String {
        let (value, diagnostics) = evaluate(text, row: row, this: this)
        if let first = diagnostics.first { return "<error: \(first.message)>" }
        return value?.displayText ?? "<nil>"
    }

    static func expression(_ text: String) -> BaseExpression {
        let places = TextPlaces(
            line: SourceLocation(file: "test.base", line: 1, column: 1), length: text.utf8.count)
        do {
            return BaseExpression(
                text: text, root: try ExpressionParser.parse(text, places: places),
                location: places.location(at: 0))
        } catch {
            return BaseExpression(text: text, root: nil, location: error.location)
        }
    }

    /// A base read from YAML and evaluated over the vault.
    static func result(_ yaml: String, this: BaseRow? = nil) -> BaseResult {
        BaseEvaluator(
            base: BaseFile.parse(yaml, file: "test.base"), rows: rows,
            options: BaseEvaluator.Options(now: now, this: this)
        ).evaluate()
    }

    /// Each shown row's file name and cell texts: `Dune: 9.5, done`.
    static func lines(_ view: BaseViewResult) -> [String] {
        view.rows.map { row in
            "\(row.path.split(separator: "/").last ?? ""): " + row.cells.map(\.text).joined(separator: ", ")
        }
    }
}
