/// The summaries Obsidian builds in, by the names a view writes.
public enum BaseSummary: String, Sendable, Hashable, CaseIterable {
    case average = "Average"
    case min = "Min"
    case max = "Max"
    case sum = "Sum"
    /// Max - min for numbers, latest - earliest for dates.
    case range = "Range"
    case median = "Median"
    /// The population standard deviation.
    case stddev = "Stddev"
    case earliest = "Earliest"
    case latest = "Latest"
    case checked = "Checked"
    case unchecked = "Unchecked"
    case empty = "Empty"
    case filled = "Filled"
    /// How many different non-empty values.
    case unique = "Unique"
    /// How many values (rows).
    case count = "Count"

    /// The summary of one column's values; null when it has nothing to summarise (Average of no
    /// numbers).
    public func summarize(_ values: [BaseValue]) -> BaseValue {
        let numbers = values.compactMap { value -> Double? in
            if case .number(let number) = value, number.isFinite { return number }
            return nil
        }
        let dates = values.compactMap { value -> BaseDate? in
            if case .date(let date) = value { return date }
            return nil
        }
        switch self {
        case .average: return Self.mean(numbers).map(BaseValue.number) ?? .null
        case .sum: return .number(numbers.reduce(0, +))
        case .min: return numbers.min().map(BaseValue.number) ?? .null
        case .max: return numbers.max().map(BaseValue.number) ?? .null
        case .range:
            if let low = numbers.min(), let high = numbers.max() { return .number(high - low) }
            if let low = dates.min(), let high = dates.max() {
                return .duration(BaseDuration(milliseconds: high.milliseconds - low.milliseconds))
            }
            return .null
        case .median: return Self.median(numbers).map(BaseValue.number) ?? .null
        case .stddev: return Self.standardDeviation(numbers).map(BaseValue.number) ?? .null
        case .earliest: return dates.min().map(BaseValue.date) ?? .null
        case .latest: return dates.max().map(BaseValue.date) ?? .null
        case .checked: return .number(Double(values.filter { $0 == .bool(true) }.count))
        case .unchecked: return .number(Double(values.filter { $0 == .bool(false) }.count))
        case .empty: return .number(Double(values.filter(\.isEmpty).count))
        case .filled: return .number(Double(values.filter { !$0.isEmpty }.count))
        case .unique: return .number(Double(Set(values.filter { !$0.isEmpty }).count))
        case .count: return .number(Double(values.count))
        }
    }

    static func mean(_ numbers: [Double]) -> Double? {
        numbers.isEmpty ? nil : numbers.reduce(0, +) / Double(numbers.count)
    }

    static func median(_ numbers: [Double]) -> Double? {
        guard !numbers.isEmpty else { return nil }
        let sorted = numbers.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func standardDeviation(_ numbers: [Double]) -> Double? {
        guard let mean = mean(numbers) else { return nil }
        let variance = numbers.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(numbers.count)
        return variance.squareRoot()
    }
}
