/// What a base does with a regular expression: `matches`, `replace` and `split` as JavaScript's
/// `test`, `String.replace` and `String.split` do, over Unicode scalars.
extension BaseRegex {
    /// Steps a search may take per unit of the caller's budget: a step of the VM is a few
    /// comparisons, far less than a step of evaluating an expression.
    static let stepsPerUnit = 64

    /// Whether the pattern matches anywhere in `text`. `budget` is in the caller's units and is
    /// charged what the search took.
    public func matches(_ text: String, budget: inout Int) throws(RegexError) -> Bool {
        var matcher = RegexMatcher(self, text: Array(text.unicodeScalars), budget: budget * Self.stepsPerUnit)
        defer { budget -= matcher.work / Self.stepsPerUnit }
        return try search(&matcher, from: 0) != nil
    }

    /// `text` with the first match (every match with `g`) replaced; the replacement's `$1`...`$99`,
    /// `$&`, `` $` ``, `$'` and `$$` as JavaScript reads them.
    public func replace(in text: String, with replacement: String, budget: inout Int, maximumLength: Int)
        throws(RegexError) -> String
    {
        let scalars = Array(text.unicodeScalars)
        var matcher = RegexMatcher(self, text: scalars, budget: budget * Self.stepsPerUnit)
        defer { budget -= matcher.work / Self.stepsPerUnit }
        let template = Array(replacement.unicodeScalars)
        var result: [Unicode.Scalar] = []
        var copied = 0
        var from = 0
        while from <= scalars.count, let slots = try search(&matcher, from: from) {
            result.append(contentsOf: scalars[copied..<slots[0]])
            expand(template, slots: slots, in: scalars, into: &result)
            guard result.count <= maximumLength else {
                throw RegexError("the text grows longer than \(maximumLength) characters")
            }
            copied = slots[1]
            // An empty match moves on one scalar, as JavaScript does.
            from = slots[1] > slots[0] ? slots[1] : slots[1] + 1
            if !global { break }
        }
        result.append(contentsOf: scalars[copied...])
        return String(String.UnicodeScalarView(result))
    }

    /// `text` cut at each match, the groups' text between the parts (JavaScript's `split`); at most
    /// `limit` parts when given.
    public func split(_ text: String, limit: Int?, budget: inout Int) throws(RegexError) -> [String?] {
        let scalars = Array(text.unicodeScalars)
        var matcher = RegexMatcher(self, text: scalars, budget: budget * Self.stepsPerUnit)
        defer { budget -= matcher.work / Self.stepsPerUnit }
        let limit = limit ?? Int.max
        guard limit > 0 else { return [] }
        func piece(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        if scalars.isEmpty { return try search(&matcher, from: 0) == nil ? [""] : [] }
        var parts: [String?] = []
        var start = 0
        var from = 0
        while from < scalars.count, let slots = try search(&matcher, from: from) {
            // A match must end past the last cut and start before the end.
            guard slots[0] < scalars.count else { break }
            if slots[1] == start || slots[1] == slots[0] && slots[0] == start {
                from = slots[0] + 1
                continue
            }
            parts.append(piece(start..<slots[0]))
            if parts.count == limit { return parts }
            for group in stride(from: 2, to: (groupCount + 1) * 2, by: 2) {
                parts.append(slots[group] < 0 ? nil : piece(slots[group]..<slots[group + 1]))
                if parts.count == limit { return parts }
            }
            start = slots[1]
            from = max(start, slots[0] + 1)
        }
        parts.append(piece(start..<scalars.count))
        return parts
    }

    private func search(_ matcher: inout RegexMatcher, from start: Int) throws(RegexError) -> [Int]? {
        do {
            return try matcher.firstMatch(from: start)
        } catch {
            throw RegexError("the regular expression \(source) takes too many steps on this text")
        }
    }

    private func expand(
        _ template: [Unicode.Scalar], slots: [Int], in text: [Unicode.Scalar],
        into result: inout [Unicode.Scalar]
    ) {
        var index = 0
        func group(_ number: Int) -> ArraySlice<Unicode.Scalar>? {
            guard number * 2 + 1 < slots.count, slots[number * 2] >= 0 else { return nil }
            return text[slots[number * 2]..<slots[number * 2 + 1]]
        }
        func digit(_ at: Int) -> Int? {
            guard at < template.count, ("0"..."9").contains(template[at]) else { return nil }
            return Int(template[at].value - 48)
        }
        while index < template.count {
            let scalar = template[index]
            guard scalar == "$", index + 1 < template.count else {
                result.append(scalar)
                index += 1
                continue
            }
            let next = template[index + 1]
            switch next {
            case "$": result.append("$")
            case "&": result.append(contentsOf: group(0) ?? [])
            case "`": result.append(contentsOf: text[..<slots[0]])
            case "'": result.append(contentsOf: text[slots[1]...])
            default:
                // `$12` is group 12 when there is one, else group 1 and a `2`.
                if let first = digit(index + 1) {
                    if let second = digit(index + 2), first * 10 + second <= groupCount,
                        first * 10 + second > 0
                    {
                        result.append(contentsOf: group(first * 10 + second) ?? [])
                        index += 3
                        continue
                    }
                    if first > 0, first <= groupCount {
                        result.append(contentsOf: group(first) ?? [])
                        index += 2
                        continue
                    }
                }
                result.append("$")
                index += 1
                continue
            }
            index += 2
        }
    }
}
