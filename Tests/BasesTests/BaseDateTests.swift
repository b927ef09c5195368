import Foundation
import NoteModel
import Testing

@testable import Bases

/// Dates and durations: the calendar against Foundation's, parsing, and front matter values.
@Suite struct BaseDateTests {
    @Test func calendarMatchesFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // Every 97th day from 1600 to 2400, leap years and century rules included.
        for days in stride(from: -134_774, through: 157_000, by: 97) {
            let date = BaseDate(milliseconds: Double(days) * 86_400_000 + 3_723_004)
            let parts = date.parts
            let expected = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second, .weekday],
                from: Date(timeIntervalSince1970: date.milliseconds / 1000))
            #expect(
                [
                    parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second,
                    date.weekday + 1,
                ]
                    == [
                        expected.year, expected.month, expected.day, expected.hour, expected.minute,
                        expected.second, expected.weekday,
                    ],
                "day \(days)")
            #expect(parts.millisecond == 4)
            #expect(BaseDate(parts) == date)
        }
    }

    @Test(arguments: [
        ("2025-05-01", "2025-05-01"), ("2025-5-1", "2025-05-01"), ("2025-05-01 09:30", "2025-05-01 09:30"),
        ("2025-05-01T09:30:15.5Z", "2025-05-01 09:30"), ("2025-05-01T23:30-01:00", "2025-05-02 00:30"),
        (" 2024-02-29 ", "2024-02-29"),
    ])
    func parses(_ text: String, _ shown: String) throws {
        #expect(try #require(BaseDate(parsing: text)).displayText == shown)
    }

    @Test(arguments: [
        "2025-02-29", "2025-13-01", "2025-00-10", "2025-05-01 24:00", "May 1", "", "2025-05-01x",
        "99999999999-01-01",
    ])
    func refuses(_ text: String) {
        #expect(BaseDate(parsing: text) == nil)
    }

    @Test(arguments: [
        ("1d", 0, 86_400_000.0), ("1 day", 0, 86_400_000), ("2 weeks", 0, 1_209_600_000),
        ("-3h", 0, -10_800_000),
        ("1y 2M", 14, 0), ("1M", 1, 0), ("1m", 0, 60000), ("90 seconds", 0, 90000), ("1.5h", 0, 5_400_000),
        ("2 years", 24, 0),
    ])
    func durations(_ text: String, _ months: Int, _ milliseconds: Double) throws {
        let duration = try #require(BaseDuration(parsing: text))
        #expect(duration.months == months)
        #expect(duration.milliseconds == milliseconds)
    }

    @Test(arguments: ["", "d", "1 fortnight", "1d2", "1e400d", "99999999999y"])
    func refusesDurations(_ text: String) {
        #expect(BaseDuration(parsing: text) == nil)
    }

    @Test func frontMatterValues() {
        let value = BaseValue(
            frontMatter: .mapping([
                FrontMatterEntry(key: "author", value: .string("[[Frank Herbert]]")),
                FrontMatterEntry(key: "read", value: .string("2025-01-02")),
                FrontMatterEntry(key: "pages", value: .int(412)),
                FrontMatterEntry(key: "tags", value: .list([.string("a"), .bool(true), .null])),
                FrontMatterEntry(key: "title", value: .string("2001: A Space Odyssey")),
            ]))
        #expect(value["author"] == .link(BaseLink(target: "[[Frank Herbert]]")))
        #expect(value["read"] == .date(BaseDate(milliseconds: 1_735_776_000_000, hasTime: false)))
        #expect(value["pages"] == .number(412))
        #expect(value["tags"] == .list([.string("a"), .bool(true), .null]))
        #expect(value["title"] == .string("2001: A Space Odyssey"))
        #expect(BaseLink(target: "[[books/Dune#Plot|the book]]").path == "books/Dune")
        #expect(BaseValue.link(BaseLink(target: "[[books/Dune#Plot|the book]]")).displayText == "the book")
    }
}
