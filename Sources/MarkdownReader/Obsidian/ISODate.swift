import Foundation

/// Reads ISO-like dates: `2024-05-01`, then optionally `T` or a space, `10:30`, `:00`, a fraction,
/// and `Z` or `+02:00`. Without a zone the time is UTC. The one reader of dates in front matter:
/// the `date` a page is sorted by and the dates shown among a note's properties.
public enum ISODate {
    /// A date as written, its fields checked (month 1 to 12, a day the month has, hour, minute
    /// and second in range).
    struct Parts {
        var year: Int, month: Int, day: Int
        var hour: Int?, minute = 0, second: Int?
        /// The fraction's digits after the `.`, as written.
        var fraction: String?
        /// The zone's offset east of UTC in minutes; nil when none was written (read as UTC).
        var zoneMinutes: Int?
        var zoneIsZ = false
    }

    public static func parse(_ text: String) -> Date? {
        guard let parts = parts(of: text) else { return nil }
        var seconds = Double(daysFromCivil(parts.year, parts.month, parts.day)) * 86_400
        if let hour = parts.hour {
            seconds += Double(hour * 3600 + parts.minute * 60 + (parts.second ?? 0))
            if let fraction = parts.fraction, let value = Double("0." + fraction) { seconds += value }
            seconds -= Double((parts.zoneMinutes ?? 0) * 60)
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The date as an HTML `datetime` value (`2024-01-02`, `2024-01-02T10:30:00.5+02:00`); nil for
    /// text that is not a date.
    public static func htmlDateTime(_ text: String) -> String? {
        guard let parts = parts(of: text) else { return nil }
        var result = "\(digits(parts.year, 4))-\(digits(parts.month, 2))-\(digits(parts.day, 2))"
        guard let hour = parts.hour else { return result }
        result += "T\(digits(hour, 2)):\(digits(parts.minute, 2))"
        if let second = parts.second {
            result += ":\(digits(second, 2))"
            if let fraction = parts.fraction { result += "." + fraction }
        }
        if parts.zoneIsZ {
            result += "Z"
        } else if let zone = parts.zoneMinutes {
            result += "\(zone < 0 ? "-" : "+")\(digits(abs(zone) / 60, 2)):\(digits(abs(zone) % 60, 2))"
        }
        return result
    }

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }

    static func parts(of text: String) -> Parts? {
        var reader = Reader(Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), (1...12).contains(month), (1...daysIn(month, year)).contains(day)
        else { return nil }
        var parts = Parts(year: year, month: month, day: day)
        if reader.skip("T") || reader.skip("t") || reader.skip(" ") {
            guard let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2), hour < 24,
                minute < 60
            else { return nil }
            parts.hour = hour
            parts.minute = minute
            if reader.skip(":") {
                guard let second = reader.number(2), second < 61 else { return nil }
                parts.second = second
                if reader.skip(".") {
                    let digits = reader.digits()
                    guard !digits.isEmpty, Double("0." + digits) != nil else { return nil }
                    parts.fraction = digits
                }
            }
            reader.skipSpaces()
            if reader.skip("Z") || reader.skip("z") {
                parts.zoneMinutes = 0
                parts.zoneIsZ = true
            } else if let sign = reader.sign() {
                guard let hours = reader.number(2) else { return nil }
                _ = reader.skip(":")
                let minutes = reader.number(2) ?? 0
                parts.zoneMinutes = sign * (hours * 60 + minutes)
            }
        }
        reader.skipSpaces()
        guard reader.atEnd else { return nil }
        return parts
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    private static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == Byte.space { index += 1 }
        }

        mutating func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count, bytes[index..<index + count].allSatisfy(Byte.isDigit) else {
                return nil
            }
            defer { index += count }
            return Int(String(decoding: bytes[index..<index + count], as: UTF8.self))
        }

        mutating func digits() -> String {
            let start = index
            while index < bytes.count, Byte.isDigit(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
