import Testing

@testable import Bases

/// Arithmetic, comparison, boolean and date operators, and their precedence.
@Suite struct OperatorTests {
    @Test(arguments: [
        ("1 + 2 * 3", "7"), ("(1 + 2) * 3", "9"), ("10 - 4 - 3", "3"), ("20 / 4 / 5", "1"), ("7 % 4", "3"),
        ("-3 + 5", "2"), ("--3", "3"), ("price * 2", "19"), ("radius * (2 * 3.14)", ""), ("1 / 0", ""),
        ("0.1 + 0.2", "0.30000000000000004"), ("1e3 + 1", "1001"), (#""a" + 1 + 2"#, "a12"),
        (#"1 + 2 + "a""#, "3a"), (#"price.toFixed(2) + " dollars""#, "9.50 dollars"),
        (#"file.name + " - " + status"#, "Dune.md - done"), ("[1] + [2]", "1, 2"), ("missing + 1", ""),
    ])
    func arithmetic(_ expression: String, _ expected: String) {
        #expect(Fixture.show(expression) == expected)
    }

    @Test(arguments: [
        ("price > 5", "true"), ("price < 5", "false"), ("price >= 9.5", "true"), ("price <= 9.4", "false"),
        ("price == 9.5", "true"), ("price != 9.5", "false"), (#"status == "done""#, "true"),
        (#"status != "done""#, "false"), (#""b" > "A""#, "true"), ("true == true", "true"),
        ("1 == \"1\"", "false"), (#""2.31" > 5"#, "false"), (#""12" > 5"#, "true"), (#""10" * 2"#, "20"),
        ("missing > 3", "false"), ("missing < 3", "false"), ("missing == null", "true"),
        ("[1, 2] == [1, 2]", "true"),
        (#"started < date("2025-02-01")"#, "true"), (#"started == date("2025-01-01")"#, "true"),
        (#"started > "2024-12-31""#, "true"),
    ])
    func comparison(_ expression: String, _ expected: String) {
        #expect(Fixture.show(expression) == expected)
    }

    @Test(arguments: [
        ("true && false", "false"), ("true || false", "true"), ("!true", "false"), ("!missing", "true"),
        ("price > 0 && pages > 0", "true"), ("price > 100 || rating == 5", "true"),
        ("1 < 2 && 2 < 3 || false", "true"), ("false && unknownFunction()", "false"),
        ("true || unknownFunction()", "true"), (#"!"" "#, "true"), ("![]", "true"), ("!0", "true"),
    ])
    func boolean(_ expression: String, _ expected: String) {
        #expect(Fixture.show(expression) == expected)
    }

    @Test(arguments: [
        (#"date("2024-12-01") + "1M" + "4h" + "3m""#, "2025-01-01 04:03"),
        (#"date("2025-01-31") + "1M""#, "2025-02-28"), (#"date("2024-01-31") + "1 month""#, "2024-02-29"),
        (#"date("2025-03-01") - "1d""#, "2025-02-28"), (#"date("2025-03-01") + "2 weeks""#, "2025-03-15"),
        (#"date("2025-03-01") + "1y""#, "2026-03-01"), (#"date("2025-03-01") - "2h""#, "2025-02-28 22:00"),
        (#"now() - "1 week""#, "2025-06-08 12:00"), (#"now() + "1 day""#, "2025-06-16 12:00"),
        (#"today() + "7d""#, "2025-06-22"), (#"now() + "30s""#, "2025-06-15 12:00"),
        (#"file.mtime > now() - "1 week""#, "true"), (#"file.ctime > now() - "1 week""#, "false"),
        (#"(now() + "1d") - now()"#, "1 day"), (#"((now() + "1d") - now()) == 86400000"#, "true"),
        (#"(now() - file.ctime).days"#, "156"), (#"(date("2025-07-01") - today()).hours"#, "384"),
        (#"duration("5h") * 2"#, "10 hours"), (#"duration("1d") / 2"#, "12 hours"),
        (#"duration("1d") + duration("1h")"#, "1 day 1 hour"), (#"-duration("1d")"#, "-1 day"),
    ])
    func dates(_ expression: String, _ expected: String) {
        #expect(Fixture.show(expression) == expected)
    }

    @Test func typeErrorsNameTheOperator() {
        #expect(Fixture.show("[1] * 2") == "<error: cannot use '*' on a list and a number>")
        #expect(Fixture.show("genres > 2") == "<error: cannot use '>' on a list and a number>")
        #expect(Fixture.show(#"-"a""#) == "<error: cannot negate a string>")
        // A string that is not a duration joins as text, as `+` does with any string.
        #expect(Fixture.show(#"date("2025-01-01") + "soon""#) == "2025-01-01soon")
    }
}
