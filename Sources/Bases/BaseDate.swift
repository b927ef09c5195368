/// A date, or a date and time, as a wall-clock time counted in UTC (no time zones: a build prints the
/// same dates on every machine).
public struct BaseDate: Sendable, Hashable, Comparable {
    /// Milliseconds since 1970-01-01 00:00.
    public var milliseconds: Double
    /// False for a day without a time (`2025-05-01`, `today()`): shown without one.
    public var hasTime: Bool

    /// A time out of range (or not a number) is held at the range's end, so every field stays safe.
    public init(milliseconds: Double, hasTime: Bool = true) {
        self.milliseconds = milliseconds.isFinite ? max(-Self.limit, min(Self.limit, milliseconds)) : 0
        self.hasTime = hasTime
    }

    public static func < (left: Self, right: Self) -> Bool { left.milliseconds < right.milliseconds }
    public static func == (left: Self, right: Self) -> Bool { left.milliseconds == right.milliseconds }
    public func hash(into hasher: inout Hasher) { hasher.combine(milliseconds) }

    static let millisecondsPerDay = 86_400_000.0
    /// Years -9999...9999 fit well inside this, and every conversion to Int stays safe.
    static let limit = 400_000_000_000_000.0

    /// A calendar date and time of day.
    public struct Parts: Sendable, Hashable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var hour = 0
        public var minute = 0
        public var second = 0
        public var millisecond = 0

        public init(
            year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
            millisecond: Int = 0
        ) {
            (self.year, self.month, self.day) = (year, month, day)
            (self.hour, self.minute, self.second, self.millisecond) = (hour, minute, second, millisecond)
        }
    }

    /// The date of `parts` (months and days past their ends roll over), or nil out of range.
    public init?(_ parts: Parts, hasTime: Bool = true) {
        guard parts.year.magnitude <= 20_000, parts.month.magnitude <= 240_000,
            parts.day.magnitude <= 10_000_000,
            parts.hour.magnitude <= 1_000_000, parts.minute.magnitude <= 100_000_000,
            parts.second.magnitude <= 10_000_000_000, parts.millisecond.magnitude <= 10_000_000_000_000
        else { return nil }
        let days = Self.daysFromCivil(year: parts.year, month: parts.month, day: 1) + parts.day - 1
        let time =
            Double(parts.hour) * 3_600_000 + Double(parts.minute) * 60_000 + Double(parts.second) * 1000
            + Double(parts.millisecond)
        let total = Double(days) * Self.millisecondsPerDay + time
        guard abs(total) < Self.limit else { return nil }
        self.init(milliseconds: total, hasTime: hasTime)
    }

    /// The calendar parts (the date must be finite and in range, as every date made here is).
    public var parts: Parts {
        let clamped = milliseconds.isFinite ? max(-Self.limit, min(Self.limit, milliseconds)) : 0
        let days = (clamped / Self.millisecondsPerDay).rounded(.down)
        var rest = Int(clamped - days * Self.millisecondsPerDay)
        let (year, month, day) = Self.civil(fromDays: Int(days))
        let hour = rest / 3_600_000
        rest %= 3_600_000
        let minute = rest / 60000
        rest %= 60000
        return Parts(
            year: year, month: month, day: day, hour: hour, minute: minute, second: rest / 1000,
            millisecond: rest % 1000)
    }

    /// Day of the week, 0 for Sunday.
    var weekday: Int {
        let days = Int((milliseconds / Self.millisecondsPerDay).rounded(.down))
        return ((days + 4) % 7 + 7) % 7
    }

    /// The same day at midnight.
    public var dateOnly: BaseDate {
        BaseDate(
            milliseconds: (milliseconds / Self.millisecondsPerDay).rounded(.down) * Self.millisecondsPerDay,
            hasTime: false)
    }

    /// Howard Hinnant's days-from-civil: days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        // Months outside 1...12 roll into years first.
        let monthIndex = month - 1
        let y = year + Int((Double(monthIndex) / 12).rounded(.down))
        let m = ((monthIndex % 12) + 12) % 12 + 1
        let shifted = m <= 2 ? y - 1 : y
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays count: Int) -> (year: Int, month: Int, day: Int) {
        let z = count + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(year: Int, month: Int) -> Int {
        daysFromCivil(year: year, month: month + 1, day: 1) - daysFromCivil(year: year, month: month, day: 1)
    }

    /// The date `months` calendar months later, the day clamped to the month's end (Jan 31 + 1M is
    /// Feb 28 or 29), as Moment.js does.
    func adding(months: Int) -> BaseDate? {
        guard months != 0 else { return self }
        var parts = self.parts
        let total = parts.year * 12 + (parts.month - 1) + months
        parts.year = Int((Double(total) / 12).rounded(.down))
        parts.month = total - parts.year * 12 + 1
        parts.day = min(parts.day, Self.daysIn(year: parts.year, month: parts.month))
        return BaseDate(parts, hasTime: hasTime)
    }

    /// `date + duration`, nil out of range.
    public func adding(_ duration: BaseDuration) -> BaseDate? {
        guard var moved = adding(months: duration.months) else { return nil }
        moved.milliseconds += duration.milliseconds
        guard moved.milliseconds.isFinite, abs(moved.milliseconds) < Self.limit else { return nil }
        // A whole number of days keeps a day a day; anything finer gives it a time.
        if duration.milliseconds.truncatingRemainder(dividingBy: Self.millisecondsPerDay) != 0 {
            moved.hasTime = true
        }
        return moved
    }
}

extension BaseDate {
    /// Parses `2025-05-01`, `2025-05-01 12:00`, `2025-05-01T12:00:00.000Z`, `2025-05-01T12:00+02:00`
    /// (an offset moves the time to UTC); nil for anything else.
    public init?(parsing text: String) {
        var scanner = DigitScanner(text.utf8)
        scanner.skipSpaces()
        guard let year = scanner.number(digits: 4...6), scanner.take("-"),
            let month = scanner.number(digits: 1...2), scanner.take("-"),
            let day = scanner.number(digits: 1...2), (1...12).contains(month),
            (1...Self.daysIn(year: year, month: month)).contains(day)
        else { return nil }
        var parts = Parts(year: year, month: month, day: day)
        var hasTime = false
        var rest = scanner
        rest.skipSpaces()
        if rest.atEnd {
            scanner = rest
        } else if scanner.take("T") || scanner.take(" ") {
            guard let hour = scanner.number(digits: 1...2), scanner.take(":"),
                let minute = scanner.number(digits: 2...2), hour < 24, minute < 60
            else { return nil }
            (parts.hour, parts.minute, hasTime) = (hour, minute, true)
            if scanner.take(":") {
                guard let second = scanner.number(digits: 2...2), second < 60 else { return nil }
                parts.second = second
                if scanner.take(".") {
                    guard let fraction = scanner.fraction() else { return nil }
                    parts.millisecond = fraction
                }
            }
            if scanner.take("Z") {
            } else if scanner.peek == UInt8(ascii: "+") || scanner.peek == UInt8(ascii: "-") {
                let sign = scanner.peek == UInt8(ascii: "-") ? 1 : -1
                scanner.advance()
                guard let hours = scanner.number(digits: 2...2) else { return nil }
                _ = scanner.take(":")
                let minutes = scanner.number(digits: 2...2) ?? 0
                parts.minute += sign * (hours * 60 + minutes)
            }
        }
        scanner.skipSpaces()
        guard scanner.atEnd, let date = BaseDate(parts, hasTime: hasTime) else { return nil }
        self = date
    }

    /// The text a cell shows: `2025-05-01`, or `2025-05-01 13:45` with a time.
    public var displayText: String {
        format(hasTime ? "YYYY-MM-DD HH:mm" : "YYYY-MM-DD")
    }
}

/// Reads digits and punctuation from UTF-8 bytes, for dates and durations.
struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ utf8: String.UTF8View) { bytes = Array(utf8) }

    var atEnd: Bool { index == bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    mutating func advance() { index += 1 }

    mutating func skipSpaces() {
        while let byte = peek, byte == 32 || byte == 9 { index += 1 }
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: ClosedRange<Int>) -> Int? {
        var value = 0
        var count = 0
        while let byte = peek, (48...57).contains(byte), count < digits.upperBound {
            value = value * 10 + Int(byte - 48)
            count += 1
            index += 1
        }
        return digits.contains(count) ? value : nil
    }

    /// Milliseconds from a decimal fraction's digits (`5` is 500, `123456` is 123).
    mutating func fraction() -> Int? {
        var value = 0
        var count = 0
        while let byte = peek, (48...57).contains(byte) {
            if count < 3 { value = value * 10 + Int(byte - 48) }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 3) { value *= 10 }
        return value
    }

    /// A decimal number (digits with one optional point), for durations.
    mutating func decimal() -> Double? {
        let start = index
        while let byte = peek, (48...57).contains(byte) || byte == UInt8(ascii: ".") { index += 1 }
        guard index > start, index - start < 30 else { return nil }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// Letters (ASCII), for a duration's unit.
    mutating func word() -> String {
        let start = index
        while let byte = peek, (65...90).contains(byte) || (97...122).contains(byte) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
