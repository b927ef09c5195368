/// A length of time: calendar months (from `M` and `y`, whose length depends on the date they move)
/// and milliseconds (everything else).
public struct BaseDuration: Sendable, Hashable {
    public var months: Int
    public var milliseconds: Double

    /// Lengths out of range are held at the range's ends, so arithmetic on them stays safe.
    public init(months: Int = 0, milliseconds: Double) {
        self.months = max(-Self.maximumMonths, min(Self.maximumMonths, months))
        self.milliseconds =
            milliseconds.isFinite ? max(-BaseDate.limit, min(BaseDate.limit, milliseconds)) : 0
    }

    /// Months beyond this are not a date anyone can reach.
    static let maximumMonths = 240_000

    /// The length in milliseconds, a month counted as 30 days, for comparing and for the fields.
    public var totalMilliseconds: Double { Double(months) * 30 * BaseDate.millisecondsPerDay + milliseconds }

    /// Parses `1d`, `1 day`, `2 weeks`, `-3h`, `1y 2M` (units: y, M, w, d, h, m, s and their words;
    /// `M` is a month and `m` a minute); nil for anything else.
    public init?(parsing text: String) {
        var scanner = DigitScanner(text.utf8)
        var months = 0.0
        var milliseconds = 0.0
        var sawUnit = false
        scanner.skipSpaces()
        var sign = 1.0
        if scanner.take("-") {
            sign = -1
        } else {
            _ = scanner.take("+")
        }
        while !scanner.atEnd {
            scanner.skipSpaces()
            guard let amount = scanner.decimal() else { return nil }
            scanner.skipSpaces()
            let unit = scanner.word()
            guard let (isMonths, factor) = Self.unit(unit) else { return nil }
            if isMonths { months += amount * factor } else { milliseconds += amount * factor }
            sawUnit = true
            scanner.skipSpaces()
            _ = scanner.take(",")
            scanner.skipSpaces()
        }
        guard sawUnit, abs(months) <= Double(Self.maximumMonths), abs(milliseconds) < BaseDate.limit else {
            return nil
        }
        // A fraction of a month becomes days (30 to a month).
        let wholeMonths = months.rounded(.towardZero)
        self.init(
            months: Int(sign * wholeMonths),
            milliseconds: sign * (milliseconds + (months - wholeMonths) * 30 * BaseDate.millisecondsPerDay))
    }

    private static func unit(_ word: String) -> (months: Bool, factor: Double)? {
        switch word {
        case "M": return (true, 1)
        case "m": return (false, 60000)
        default: break
        }
        switch word.lowercased() {
        case "y", "yr", "yrs", "year", "years": return (true, 12)
        case "month", "months", "mo": return (true, 1)
        case "w", "week", "weeks": return (false, 7 * BaseDate.millisecondsPerDay)
        case "d", "day", "days": return (false, BaseDate.millisecondsPerDay)
        case "h", "hr", "hrs", "hour", "hours": return (false, 3_600_000)
        case "min", "mins", "minute", "minutes": return (false, 60000)
        case "s", "sec", "secs", "second", "seconds": return (false, 1000)
        case "ms", "millisecond", "milliseconds": return (false, 1)
        default: return nil
        }
    }

    /// `duration * factor`, nil out of range.
    func scaled(by factor: Double) -> BaseDuration? {
        let months = Double(self.months) * factor
        let wholeMonths = months.rounded(.towardZero)
        let milliseconds =
            self.milliseconds * factor + (months - wholeMonths) * 30 * BaseDate.millisecondsPerDay
        guard abs(wholeMonths) <= Double(Self.maximumMonths), milliseconds.isFinite,
            abs(milliseconds) < BaseDate.limit
        else { return nil }
        return BaseDuration(months: Int(wholeMonths), milliseconds: milliseconds)
    }

    /// `self + other`, nil out of range (`other` nil counts as out of range too).
    func adding(_ other: BaseDuration?) -> BaseDuration? {
        guard let other else { return nil }
        let months = months + other.months
        let milliseconds = milliseconds + other.milliseconds
        guard months.magnitude <= Self.maximumMonths, abs(milliseconds) < BaseDate.limit else { return nil }
        return BaseDuration(months: months, milliseconds: milliseconds)
    }

    /// The text a cell shows: the largest whole units, `3 days`, `2 hours 5 minutes`, `1 month`.
    public var displayText: String {
        var parts: [String] = []
        func add(_ amount: Int, _ unit: String) {
            guard amount != 0 else { return }
            parts.append("\(amount) \(unit)\(abs(amount) == 1 ? "" : "s")")
        }
        add(months / 12, "year")
        add(months % 12, "month")
        var rest = milliseconds.isFinite ? milliseconds.rounded(.towardZero) : 0
        for (unit, size) in [("day", BaseDate.millisecondsPerDay), ("hour", 3_600_000), ("minute", 60000)] {
            let amount = (rest / size).rounded(.towardZero)
            add(Int(amount), unit)
            rest -= amount * size
        }
        add(Int((rest / 1000).rounded(.towardZero)), "second")
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }
}
