import Bases
import Foundation

/// Dates as machines read them, in UTC (the calendar of ``BaseDate``, which bases show dates
/// with); the text a reader sees is the language's (``InterfaceStrings/date(_:)``).
enum DateText {
    /// `2026-12-06T10:00:00Z`: a `<time datetime>`, a sitemap's `lastmod`, a feed's `updated`.
    static func machine(_ date: Date) -> String {
        let parts = self.parts(date)
        return "\(digits(parts.year, 4))-\(digits(parts.month, 2))-\(digits(parts.day, 2))T"
            + "\(digits(parts.hour, 2)):\(digits(parts.minute, 2)):\(digits(parts.second, 2))Z"
    }

    /// `value` with zeros before it to `count` digits (a page has two dates: no `String(format:)`).
    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return text.count >= count ? text : String(repeating: "0", count: count - text.count) + text
    }

    private static func parts(_ date: Date) -> BaseDate.Parts {
        BaseDate(milliseconds: (date.timeIntervalSince1970 * 1000).rounded(.down)).parts
    }
}
