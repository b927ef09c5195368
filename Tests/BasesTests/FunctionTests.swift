import Testing

@testable import Bases

/// Each function and operator on Obsidian's documented examples and on the vault's rows.
@Suite struct FunctionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var expression: String
        var expected: String
        var testDescription: String { expression }
    }

    static let globals: [Case] = [
        .init(expression: #"if(price > 5, "dear", "cheap")"#, expected: "dear"),
        .init(expression: #"if(missing, "yes")"#, expected: ""),
        .init(expression: #"if(false, 1, 2)"#, expected: "2"),
        .init(expression: "now()", expected: "2025-06-15 12:00"),
        .init(expression: "today()", expected: "2025-06-15"),
        .init(expression: #"date("2025-01-01 12:00:00")"#, expected: "2025-01-01 12:00"),
        .init(expression: #"date("2025-03-04")"#, expected: "2025-03-04"),
        .init(expression: #"date("2025-03-04T10:30:00+02:00")"#, expected: "2025-03-04 08:30"),
        .init(expression: #"duration("1d") * 2"#, expected: "2 days"),
        .init(expression: #"now() + (duration("1d") * 2)"#, expected: "2025-06-17 12:00"),
        .init(expression: #"duration("90m")"#, expected: "1 hour 30 minutes"),
        .init(expression: #"link("Dune", "the book")"#, expected: "the book"),
        .init(expression: #"link("books/Dune")"#, expected: "books/Dune"),
        .init(expression: #"list("value")"#, expected: "value"),
        .init(expression: #"list("value").length"#, expected: "1"),
        .init(expression: "list(genres).length", expected: "2"),
        .init(expression: #"number("3.4")"#, expected: "3.4"),
        .init(expression: "number(true) + number(false)", expected: "1"),
        .init(expression: #"number(date("1970-01-02"))"#, expected: "86400000"),
        .init(expression: "min(3, 1, 2)", expected: "1"),
        .init(expression: "max(3, 1, 2)", expected: "3"),
        .init(expression: #"escapeHTML("<b>")"#, expected: "<b>"),
        .init(expression: #"html("<b>" + status + "</b>")"#, expected: "<b>done</b>"),
        .init(expression: #"html("<i>x</i>").isType("html")"#, expected: "true"),
        .init(expression: #"image("covers/dune.jpg")"#, expected: "covers/dune.jpg"),
        .init(expression: #"image("[[dune.jpg]]").isType("image")"#, expected: "true"),
        .init(expression: "image(file)", expected: "books/Dune.md"),
        .init(expression: "image(missing)", expected: ""),
    ]

    static let strings: [Case] = [
        .init(expression: #""hello".contains("ell")"#, expected: "true"),
        .init(expression: #""hello".contains("xyz")"#, expected: "false"),
        .init(expression: #""hello".containsAll("h", "e")"#, expected: "true"),
        .init(expression: #""hello".containsAll("h", "z")"#, expected: "false"),
        .init(expression: #""hello".containsAny("x", "y", "e")"#, expected: "true"),
        .init(expression: #""hello".containsAny("x", "y")"#, expected: "false"),
        .init(expression: #""hello".startsWith("he")"#, expected: "true"),
        .init(expression: #""hello".startsWith("lo")"#, expected: "false"),
        .init(expression: #""hello".endsWith("lo")"#, expected: "true"),
        .init(expression: #""Hello World".lower()"#, expected: "hello world"),
        .init(expression: #""Hello World".upper()"#, expected: "HELLO WORLD"),
        .init(expression: #""hello world".title()"#, expected: "Hello World"),
        .init(expression: #""  hi  ".trim()"#, expected: "hi"),
        .init(expression: #""a:b:c".replace(":", "-")"#, expected: "a-b-c"),
        .init(expression: #""a,b,c,d".split(",", 3)"#, expected: "a, b, c"),
        .init(expression: #""a,b,c,d".split(",").length"#, expected: "4"),
        .init(expression: #""hello".slice(1, 4)"#, expected: "ell"),
        .init(expression: #""hello".slice(-3)"#, expected: "llo"),
        .init(expression: #""héllo".length"#, expected: "5"),
        .init(expression: #""".isEmpty()"#, expected: "true"),
        .init(expression: #""Hello world".isEmpty()"#, expected: "false"),
        .init(expression: "missing.isEmpty()", expected: "true"),
        .init(expression: #""123".repeat(2)"#, expected: "123123"),
        .init(expression: #""hello".reverse()"#, expected: "olleh"),
        .init(expression: "status.upper()", expected: "DONE"),
    ]

    static let numbers: [Case] = [
        .init(expression: "(3.14159).toFixed(2)", expected: "3.14"),
        .init(expression: "price.toFixed(2)", expected: "9.50"),
        .init(expression: "(2.5).round()", expected: "3"),
        .init(expression: "(-2.5).round()", expected: "-2"),
        .init(expression: "(2.3333).round(2)", expected: "2.33"),
        .init(expression: "(2.9).floor()", expected: "2"),
        .init(expression: "(2.1).ceil()", expected: "3"),
        .init(expression: "(-5).abs()", expected: "5"),
        .init(expression: "5.isEmpty()", expected: "false"),
        .init(expression: "123.toString()", expected: "123"),
        .init(expression: "1.isTruthy()", expected: "true"),
        .init(expression: "0.isTruthy()", expected: "false"),
    ]

    static let lists: [Case] = [
        .init(expression: "[1,2,3].contains(2)", expected: "true"),
        .init(expression: "[1,2,3].contains(5)", expected: "false"),
        .init(expression: "[1,2,3].containsAll(2,3)", expected: "true"),
        .init(expression: "[1,2,3].containsAll(2,4)", expected: "false"),
        .init(expression: "[1,2,3].containsAny(3,4)", expected: "true"),
        .init(expression: "[1,2,3].containsAny(4,5)", expected: "false"),
        .init(expression: #"[1,2,3].join("-")"#, expected: "1-2-3"),
        .init(expression: "[1,2,3].length", expected: "3"),
        .init(expression: "[3, 1, 2].sort()", expected: "1, 2, 3"),
        .init(expression: #"["c", "a", "B"].sort()"#, expected: "a, B, c"),
        .init(expression: "[1,2,2,3].unique()", expected: "1, 2, 3"),
        .init(expression: "[1,2,3,4].filter(value > 2)", expected: "3, 4"),
        .init(expression: "[1,2,3,4].filter(index > 2)", expected: "4"),
        .init(expression: "[1,2,3,4].map(value + 1)", expected: "2, 3, 4, 5"),
        .init(expression: "[1,2,3].reduce(acc + value, 0)", expected: "6"),
        .init(expression: "[1,[2,3]].flat()", expected: "1, 2, 3"),
        .init(expression: "[1,2,3].reverse()", expected: "3, 2, 1"),
        .init(expression: "[1,2,3,4].slice(1,3)", expected: "2, 3"),
        .init(expression: "[1,2,3].isEmpty()", expected: "false"),
        .init(expression: "[].isEmpty()", expected: "true"),
        .init(expression: "genres[0]", expected: "scifi"),
        .init(expression: "genres[5]", expected: ""),
        .init(expression: #"genres.contains("classic")"#, expected: "true"),
        .init(expression: "[1, 2, 4].mean()", expected: "2.3333333333333335"),
        .init(expression: #"{"a": 1, "b": 2}.keys()"#, expected: "a, b"),
        .init(expression: #"{"a": 1, "b": 2}.values()"#, expected: "1, 2"),
        .init(expression: #"{"a": 1}["a"]"#, expected: "1"),
        .init(expression: "{}.isEmpty()", expected: "true"),
    ]

    static let dates: [Case] = [
        .init(expression: #"date("2025-05-27").format("YYYY-MM-DD")"#, expected: "2025-05-27"),
        .init(
            expression: #"date("2025-05-27 14:05:09").format("dddd, MMMM Do YYYY h:mm:ss A")"#,
            expected: "Tuesday, May 27th 2025 2:05:09 PM"),
        .init(
            expression: #"date("2025-05-27").format("[Week of] MMM D, YY")"#, expected: "Week of May 27, 25"),
        .init(expression: #"now().date().format("YYYY-MM-DD HH:mm:ss")"#, expected: "2025-06-15 00:00:00"),
        .init(expression: #"date("2025-05-27 23:59:59").time()"#, expected: "23:59:59"),
        .init(expression: #"date("2025-05-27 14:05:09.250").year"#, expected: "2025"),
        .init(expression: #"date("2025-05-27 14:05:09.250").month"#, expected: "5"),
        .init(expression: #"date("2025-05-27 14:05:09.250").day"#, expected: "27"),
        .init(expression: #"date("2025-05-27 14:05:09.250").hour"#, expected: "14"),
        .init(expression: #"date("2025-05-27 14:05:09.250").minute"#, expected: "5"),
        .init(expression: #"date("2025-05-27 14:05:09.250").second"#, expected: "9"),
        .init(expression: #"date("2025-05-27 14:05:09.250").millisecond"#, expected: "250"),
        .init(expression: "file.mtime.relative()", expected: "5 days ago"),
        .init(expression: #"(now() + "2h").relative()"#, expected: "in 2 hours"),
        .init(expression: #"(now() - "40s").relative()"#, expected: "a few seconds ago"),
        .init(expression: #"(now() - "400d").relative()"#, expected: "a year ago"),
        .init(expression: #"(now() - "3y").relative()"#, expected: "3 years ago"),
        .init(expression: "now().isEmpty()", expected: "false"),
        .init(expression: "started.format(\"D/M\")", expected: "1/1"),
    ]

    static let files: [Case] = [
        .init(expression: "file.name", expected: "Dune.md"),
        .init(expression: "file.backlinks", expected: "Home.md"),
        .init(expression: #"file.backlinks.contains(link("Home"))"#, expected: "true"),
        .init(expression: "file.embeds", expected: "covers/dune.jpg, authors/Frank Herbert.md"),
        .init(expression: "file.embeds.length", expected: "2"),
        .init(expression: #"file("Home").path"#, expected: "Home.md"),
        .init(expression: #"file("books/Emma.md").ctime"#, expected: "2024-03-01"),
        .init(expression: "file(author).name", expected: "Frank Herbert.md"),
        .init(expression: "file(file).basename", expected: "Dune"),
        .init(expression: #"file("nowhere.md")"#, expected: ""),
        .init(expression: #"file("Home").backlinks.length"#, expected: "0"),
        .init(expression: "file.basename", expected: "Dune"),
        .init(expression: "file.path", expected: "books/Dune.md"),
        .init(expression: "file.folder", expected: "books"),
        .init(expression: "file.ext", expected: "md"),
        .init(expression: "file.size", expected: "1200"),
        .init(expression: "file.ctime", expected: "2025-01-10"),
        .init(expression: "file.mtime", expected: "2025-06-10 10:00"),
        .init(expression: "file.tags", expected: "#book, #scifi/classic"),
        .init(expression: "file.links.length", expected: "1"),
        .init(expression: "file.properties.status", expected: "done"),
        .init(expression: #"file.hasTag("book")"#, expected: "true"),
        .init(expression: ##"file.hasTag("#scifi")"##, expected: "true"),
        .init(expression: #"file.hasTag("sci")"#, expected: "false"),
        .init(expression: #"file.hasTag("poem", "BOOK")"#, expected: "true"),
        .init(expression: #"file.inFolder("books")"#, expected: "true"),
        .init(expression: #"file.inFolder("book")"#, expected: "false"),
        .init(expression: #"file.inFolder("/books/")"#, expected: "true"),
        .init(expression: #"file.hasLink("Frank Herbert")"#, expected: "true"),
        .init(expression: #"file.hasLink("authors/Frank Herbert.md")"#, expected: "true"),
        .init(expression: #"file.hasLink(link("[[Frank Herbert]]"))"#, expected: "true"),
        .init(expression: #"file.hasLink("Emma")"#, expected: "false"),
        .init(expression: #"file.hasProperty("price")"#, expected: "true"),
        .init(expression: #"file.hasProperty("note.price")"#, expected: "true"),
        .init(expression: #"file.hasProperty("cover")"#, expected: "false"),
        .init(expression: #"file.asLink("Read")"#, expected: "Read"),
        .init(expression: "note.price", expected: "9.5"),
        .init(expression: #"note["due date"]"#, expected: "2025-07-01"),
        .init(expression: "author", expected: "Frank Herbert"),
    ]

    static let anyValue: [Case] = [
        .init(expression: #""example".isType("string")"#, expected: "true"),
        .init(expression: "true.isType(\"boolean\")", expected: "true"),
        .init(expression: "price.isType(\"string\")", expected: "false"),
        .init(expression: "genres.toString()", expected: "scifi, classic"),
    ]

    @Test(arguments: globals) func global(_ test: Case) {
        #expect(Fixture.show(test.expression) == test.expected)
    }
    @Test(arguments: strings) func string(_ test: Case) {
        #expect(Fixture.show(test.expression) == test.expected)
    }
    @Test(arguments: numbers) func number(_ test: Case) {
        #expect(Fixture.show(test.expression) == test.expected)
    }
    @Test(arguments: lists) func list(_ test: Case) {
        #expect(Fixture.show(test.expression) == test.expected)
    }
    @Test(arguments: dates) func date(_ test: Case) {
        #expect(Fixture.show(test.expression) == test.expected)
    }
    @Test(arguments: files) func file(_ test: Case) {
        #expect(Fixture.show(test.expression) == test.expected)
    }
    @Test(arguments: anyValue) func any(_ test: Case) {
        #expect(Fixture.show(test.expression) == test.expected)
    }

    @Test func thisIsTheEmbeddingNote() {
        #expect(Fixture.show("this.file.name", this: Fixture.home) == "Home.md")
        #expect(Fixture.show("this.status", this: Fixture.home) == "done")
        #expect(Fixture.show("file.hasLink(this.file)", row: Fixture.home, this: Fixture.dune) == "true")
        #expect(Fixture.show("file.hasLink(this)", row: Fixture.emma, this: Fixture.dune) == "false")
        // A link equals the file it leads to; lists find links by the file.
        #expect(Fixture.show("author == this", this: Fixture.herbert) == "true")
        #expect(Fixture.show("author == this", this: Fixture.emma) == "false")
        #expect(Fixture.show("[author].contains(this)", this: Fixture.herbert) == "true")
        #expect(Fixture.show("this.file.name") == "")
    }

    @Test func listsTypeValuesWithTheirKinds() throws {
        let value = try #require(Fixture.evaluate("file.links[0]").value)
        #expect(value == .link(BaseLink(target: "authors/Frank Herbert.md")))
        #expect(Fixture.evaluate("today()").value == .date(Fixture.date("2025-06-15")))
        #expect(Fixture.evaluate("(2).toFixed(1)").value == .string("2.0"))
    }
}
