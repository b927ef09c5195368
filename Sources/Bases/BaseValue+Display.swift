extension BaseValue {
    /// The text a cell shows, and what `+` joins to a string: a list's items joined with `, `. Cut
    /// at `Bases.maximumLength` bytes (a list of a million long strings is cheap to make by sharing
    /// one string, and would be a terabyte written out).
    public var displayText: String {
        var text = ""
        appendText(to: &text)
        return text
    }

    /// Appends the text, stopping once `text` passes `Bases.maximumLength` bytes.
    func appendText(to text: inout String) {
        guard text.utf8.count <= Bases.maximumLength else { return }
        switch self {
        case .null: break
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += Self.text(of: value)
        case .string(let value): text += value
        case .date(let date): text += date.displayText
        case .duration(let duration): text += duration.displayText
        case .list(let items):
            for (index, item) in items.enumerated() {
                guard text.utf8.count <= Bases.maximumLength else { return }
                if index > 0 { text += ", " }
                item.appendText(to: &text)
            }
        case .object(let entries):
            text += "{"
            for (index, entry) in entries.enumerated() {
                guard text.utf8.count <= Bases.maximumLength else { return }
                text += (index > 0 ? ", " : "") + entry.key + ": "
                entry.value.appendText(to: &text)
            }
            text += "}"
        case .link(let link): text += link.display ?? link.name
        case .file(let file): text += file.row.basename
        case .regex(let regex): text += regex.source
        case .html(let markup): text += markup
        case .image(let target): text += target
        }
    }

    /// A number as JavaScript prints it for the usual cases: whole numbers without a point, others
    /// with the shortest digits that read back the same.
    static func text(of value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-Infinity" : "Infinity") }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

extension BaseLink {
    /// The target without wikilink brackets, heading or alias: `[[Dune#Plot|the book]]` is `Dune`.
    public var path: String {
        var text = Substring(target)
        if text.hasPrefix("[["), text.hasSuffix("]]") { text = text.dropFirst(2).dropLast(2) }
        if let bar = text.firstIndex(of: "|") { text = text[..<bar] }
        if let hash = text.firstIndex(of: "#"), hash != text.startIndex { text = text[..<hash] }
        return String(text)
    }

    /// What a link shows without display text: its alias, or its target's name.
    public var name: String {
        var text = Substring(target)
        if text.hasPrefix("[["), text.hasSuffix("]]") {
            text = text.dropFirst(2).dropLast(2)
            if let bar = text.firstIndex(of: "|") { return String(text[text.index(after: bar)...]) }
        }
        return String(text)
    }
}

extension BaseValue {
    /// Equality as `==` has it: numbers, strings and the like by value, dates by instant, a link
    /// and a file when the link leads to the file.
    func equals(_ other: BaseValue, links: LinkResolver) -> Bool {
        switch (self, other) {
        case (.link(let link), .file(let file)), (.file(let file), .link(let link)):
            return links.resolve(link.path) == file.row.path
        case (.link(let left), .link(let right)):
            if let leftPath = links.resolve(left.path), let rightPath = links.resolve(right.path) {
                return leftPath == rightPath
            }
            return left.path == right.path
        case (.list(let left), .list(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.equals($1, links: links) }
        case (.duration(let left), .duration(let right)):
            return left.totalMilliseconds == right.totalMilliseconds
        case (.duration(let duration), .number(let number)), (.number(let number), .duration(let duration)):
            return duration.totalMilliseconds == number
        default:
            return self == other
        }
    }

    /// The order `<` and sorting use for two values of one kind: numbers, strings (ignoring case
    /// first), dates, durations, booleans; nil when the kinds cannot be compared.
    func compare(_ other: BaseValue) -> Int? {
        func sign<T: Comparable>(_ left: T, _ right: T) -> Int { left < right ? -1 : (left > right ? 1 : 0) }
        switch (self, other) {
        case (.number(let left), .number(let right)): return sign(left, right)
        case (.number(let left), .string): return other.numeric.map { sign(left, $0) }
        case (.string, .number(let right)): return numeric.map { sign($0, right) }
        case (.string(let left), .string(let right)):
            let folded = sign(left.lowercased(), right.lowercased())
            return folded != 0 ? folded : sign(left, right)
        case (.date(let left), .date(let right)): return sign(left.milliseconds, right.milliseconds)
        case (.date(let left), .string(let right)):
            return BaseDate(parsing: right).map { sign(left.milliseconds, $0.milliseconds) }
        case (.string(let left), .date(let right)):
            return BaseDate(parsing: left).map { sign($0.milliseconds, right.milliseconds) }
        case (.duration(let left), .duration(let right)):
            return sign(left.totalMilliseconds, right.totalMilliseconds)
        case (.duration(let left), .number(let right)): return sign(left.totalMilliseconds, right)
        case (.number(let left), .duration(let right)): return sign(left, right.totalMilliseconds)
        case (.bool(let left), .bool(let right)): return sign(left ? 1 : 0, right ? 1 : 0)
        case (.link, .link), (.file, .file), (.link, .string), (.string, .link), (.file, .string),
            (.string, .file):
            return sign(displayText.lowercased(), other.displayText.lowercased())
        default: return nil
        }
    }

    /// A number, or text that spells one (`"2.50"`); nil otherwise.
    var numeric: Double? {
        switch self {
        case .number(let value): return value
        case .string(let text):
            let trimmed = text.trimmingSpaces
            guard !trimmed.isEmpty, let value = Double(trimmed), value.isFinite else { return nil }
            return value
        default: return nil
        }
    }

    /// The order for sorting rows: empty values last, kinds that cannot be compared by kind.
    func sortOrder(_ other: BaseValue) -> Int {
        switch (isEmpty, other.isEmpty) {
        case (true, true): return 0
        case (true, false): return 1
        case (false, true): return -1
        default: break
        }
        if let order = compare(other) { return order }
        let left = kindRank
        let right = other.kindRank
        return left < right ? -1 : (left > right ? 1 : 0)
    }

    private var kindRank: Int {
        switch self {
        case .null: 9
        case .bool: 0
        case .number: 1
        case .duration: 2
        case .date: 3
        case .string: 4
        case .link: 5
        case .file: 6
        case .list: 7
        case .object: 8
        case .regex: 10
        case .html: 11
        case .image: 12
        }
    }
}
