import Foundation

/// Reads ISO-like dates: `2024-05-01`, then optionally `T` or a space, `10:30`, `:00`, a fraction,
/// and `Z` or `+02:00`. Without a zone the time is UTC.
enum ISODate {
    static func parse(_ text: String) -> Date? {
        var reader = Reader(Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), (1...12).contains(month), (1...daysIn(month, year)).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year, month, day)) * 86_400
        if reader.skip("T") || reader.skip("t") || reader.skip(" ") {
            guard let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2), hour < 24,
                minute < 60
            else { return nil }
            seconds += Double(hour * 3600 + minute * 60)
            if reader.skip(":") {
                guard let second = reader.number(2), second < 61 else { return nil }
                seconds += Double(second)
                if reader.skip(".") {
                    let digits = reader.digits()
                    guard !digits.isEmpty, let fraction = Double("0." + digits) else { return nil }
                    seconds += fraction
                }
            }
            reader.skipSpaces()
            if reader.skip("Z") || reader.skip("z") {
            } else if let sign = reader.sign() {
                guard let hours = reader.number(2) else { return nil }
                _ = reader.skip(":")
                let minutes = reader.number(2) ?? 0
                seconds -= Double(sign * (hours * 3600 + minutes * 60))
            }
        }
        reader.skipSpaces()
        guard reader.atEnd else { return nil }
        return Date(timeIntervalSince1970: seconds)
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
