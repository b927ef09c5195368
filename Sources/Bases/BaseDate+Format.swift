extension BaseDate {
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    private static let dayNames = [
        "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
    ]
    /// Moment.js's tokens, longest first so `MMMM` wins over `MM`.
    private static let tokens = [
        "YYYY", "MMMM", "dddd", "MMM", "ddd", "SSS", "YY", "MM", "DD", "Do", "dd", "HH", "hh", "mm", "ss",
        "M", "D", "d", "H", "h", "m", "s", "A", "a", "X", "x", "Z",
    ]

    /// The date written with a Moment.js format string (`YYYY-MM-DD`, `MMM D, YYYY`, `dddd`, `HH:mm`,
    /// `[literal text]`); other characters are copied.
    public func format(_ pattern: String) -> String {
        let parts = self.parts
        var output = ""
        var rest = Substring(pattern)
        while let first = rest.first {
            if first == "[" {
                let body = rest.dropFirst()
                if let close = body.firstIndex(of: "]") {
                    output += body[..<close]
                    rest = body[body.index(after: close)...]
                    continue
                }
            }
            if let token = Self.tokens.first(where: { rest.hasPrefix($0) }) {
                output += text(of: token, parts)
                rest = rest.dropFirst(token.count)
            } else {
                output.append(first)
                rest = rest.dropFirst()
            }
        }
        return output
    }

    private func text(of token: String, _ parts: Parts) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count))
                + digits
        }
        let hour12 = parts.hour % 12 == 0 ? 12 : parts.hour % 12
        switch token {
        case "YYYY": return padded(parts.year, 4)
        case "YY": return padded(((parts.year % 100) + 100) % 100, 2)
        case "MMMM": return Self.monthNames[parts.month - 1]
        case "MMM": return String(Self.monthNames[parts.month - 1].prefix(3))
        case "MM": return padded(parts.month, 2)
        case "M": return String(parts.month)
        case "DD": return padded(parts.day, 2)
        case "D": return String(parts.day)
        case "Do": return String(parts.day) + Self.ordinalSuffix(parts.day)
        case "dddd": return Self.dayNames[weekday]
        case "ddd": return String(Self.dayNames[weekday].prefix(3))
        case "dd": return String(Self.dayNames[weekday].prefix(2))
        case "d": return String(weekday)
        case "HH": return padded(parts.hour, 2)
        case "H": return String(parts.hour)
        case "hh": return padded(hour12, 2)
        case "h": return String(hour12)
        case "mm": return padded(parts.minute, 2)
        case "m": return String(parts.minute)
        case "ss": return padded(parts.second, 2)
        case "s": return String(parts.second)
        case "SSS": return padded(parts.millisecond, 3)
        case "A": return parts.hour < 12 ? "AM" : "PM"
        case "a": return parts.hour < 12 ? "am" : "pm"
        case "X": return String(Int((milliseconds / 1000).rounded(.down)))
        case "x": return String(Int(milliseconds))
        default: return "+00:00"
        }
    }

    private static func ordinalSuffix(_ day: Int) -> String {
        if (11...13).contains(day % 100) { return "th" }
        switch day % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// How far the date is from `now` in words, with Moment.js's thresholds: `a few seconds ago`,
    /// `in 5 minutes`, `3 days ago`, `a year ago`.
    public func relative(to now: BaseDate) -> String {
        let difference = milliseconds - now.milliseconds
        let seconds = (abs(difference) / 1000).rounded()
        let minutes = (seconds / 60).rounded()
        let hours = (minutes / 60).rounded()
        let days = (hours / 24).rounded()
        let amount: String
        switch true {
        case seconds < 45: amount = "a few seconds"
        case seconds < 90: amount = "a minute"
        case minutes < 45: amount = "\(Int(minutes)) minutes"
        case minutes < 90: amount = "an hour"
        case hours < 22: amount = "\(Int(hours)) hours"
        case hours < 36: amount = "a day"
        case days < 26: amount = "\(Int(days)) days"
        case days < 45: amount = "a month"
        case days < 320: amount = "\(Int((days / 30.4375).rounded())) months"
        case days < 548: amount = "a year"
        default: amount = "\(Int((days / 365.25).rounded())) years"
        }
        return difference < 0 ? "\(amount) ago" : "in \(amount)"
    }
}
