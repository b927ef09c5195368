import Foundation

extension InterfaceStrings {
    /// The twelve month names as the language writes them in a date (`März`, `marca`), January first:
    /// for the page's dates and for any later formatting in the site's language.
    public var monthNames: [String] { (1...12).map { self["month_\($0)"] } }

    /// A calendar day as the language writes it (`date_format`): `March 1, 2024`, `1. März 2024`,
    /// `2024年3月1日`. `month` is 1 to 12; out of range, the date is written as digits.
    public func date(year: Int, month: Int, day: Int) -> String {
        guard (1...12).contains(month) else { return "\(year)-\(month)-\(day)" }
        return text(
            "date_format", ["year": String(year), "month": self["month_\(month)"], "day": String(day)])
    }

    /// ``date(year:month:day:)`` of `date`'s day in UTC (the day a build anywhere writes).
    public func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return self.date(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// `date` written in `language` with the built-in tables (English for an unknown language).
    public static func formatDate(_ date: Date, language: String) -> String {
        InterfaceStrings(language: language).date(date)
    }
}
