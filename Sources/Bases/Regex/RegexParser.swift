/// A parsed pattern, before compiling.
indirect enum RegexNode {
    case empty
    case scalar(Unicode.Scalar)
    case any
    case set(RegexSet)
    case assertion(RegexAssertion)
    /// A group; `capture` is its number (from 1) when it captures.
    case group(RegexNode, capture: Int?)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool)
}

/// A zero-width test at a position.
enum RegexAssertion: Sendable, Hashable {
    case lineStart
    case lineEnd
    case wordBoundary
    case notWordBoundary
}

/// Reads JavaScript's pattern syntax (without the `u` flag's stricter rules) into a ``RegexNode``.
/// Groups nest at most `BaseRegex.maximumNesting` deep, so the reader's recursion is bounded.
struct RegexParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0
    private(set) var groupCount = 0

    init(_ pattern: String) { scalars = Array(pattern.unicodeScalars) }

    mutating func parse() throws(RegexError) -> RegexNode {
        let node = try alternation()
        if index < scalars.count {
            // Only an unmatched `)` stops an alternation early.
            throw RegexError("the regular expression has an unmatched ')'")
        }
        return node
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func alternation() throws(RegexError) -> RegexNode {
        var branches = [try sequence()]
        while current == "|" {
            index += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(RegexError) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            var atom = try self.atom()
            if let (min, max, greedy) = try quantifier() {
                switch atom {
                case .assertion, .empty: throw RegexError("nothing to repeat in the regular expression")
                default: break
                }
                atom = .repetition(atom, min: min, max: max, greedy: greedy)
                if let next = current, "*+?".unicodeScalars.contains(next) {
                    throw RegexError("nothing to repeat in the regular expression")
                }
            }
            items.append(atom)
        }
        return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .sequence(items))
    }

    /// `*`, `+`, `?` or `{m,n}` (each maybe followed by `?` for lazy); nil when none follows. A `{`
    /// that does not make a count is a literal, as JavaScript reads it.
    private mutating func quantifier() throws(RegexError) -> (Int, Int?, Bool)? {
        guard let scalar = current else { return nil }
        var bounds: (Int, Int?)
        switch scalar {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            guard let counted = countedBounds() else { return nil }
            bounds = counted
        default: return nil
        }
        if scalar != "{" { index += 1 }
        if let max = bounds.1, max < bounds.0 {
            throw RegexError("the numbers in {\(bounds.0),\(max)} are out of order")
        }
        if bounds.0 > BaseRegex.maximumRepeat || (bounds.1 ?? 0) > BaseRegex.maximumRepeat {
            throw RegexError("a count in the regular expression passes \(BaseRegex.maximumRepeat)")
        }
        var greedy = true
        if current == "?" {
            greedy = false
            index += 1
        }
        return (bounds.0, bounds.1, greedy)
    }

    /// `{m}`, `{m,}` or `{m,n}` at `index`, moving past it; nil (not moving) otherwise.
    private mutating func countedBounds() -> (Int, Int?)? {
        var position = index + 1
        func number() -> Int? {
            var value: Int?
            while position < scalars.count, let digit = Int(String(scalars[position])),
                scalars[position].isASCII
            {
                value = min((value ?? 0) * 10 + digit, 1_000_000)
                position += 1
            }
            return value
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if position < scalars.count, scalars[position] == "," {
            position += 1
            high = number()
        }
        guard position < scalars.count, scalars[position] == "}" else { return nil }
        index = position + 1
        return (low, high)
    }

    private mutating func atom() throws(RegexError) -> RegexNode {
        guard let scalar = current else { return .empty }
        index += 1
        switch scalar {
        case ".": return .any
        case "^": return .assertion(.lineStart)
        case "$": return .assertion(.lineEnd)
        case "[": return .set(try characterClass())
        case "(": return try group()
        case "\\": return try escape()
        case "*", "+", "?": throw RegexError("nothing to repeat in the regular expression")
        case "{":
            index -= 1
            if countedBounds() != nil { throw RegexError("nothing to repeat in the regular expression") }
            index += 1
            return .scalar(scalar)
        default: return .scalar(scalar)
        }
    }

    private mutating func group() throws(RegexError) -> RegexNode {
        var capture: Int?
        if current == "?" {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            let after = index + 2 < scalars.count ? scalars[index + 2] : nil
            switch (next, after) {
            case (":", _): index += 2
            case ("=", _), ("!", _):
                throw RegexError("lookahead ((?=...), (?!...)) is not supported by notesite")
            case ("<", "="), ("<", "!"):
                throw RegexError("lookbehind ((?<=...), (?<!...)) is not supported by notesite")
            case ("<", _):
                // A named group captures as a numbered one; `$<name>` is not replaced.
                guard let close = scalars[index...].firstIndex(of: ">") else {
                    throw RegexError("a group name in the regular expression is not closed")
                }
                index = close + 1
                groupCount += 1
                capture = groupCount
            default: throw RegexError("unknown group '(?' in the regular expression")
            }
        } else {
            groupCount += 1
            capture = groupCount
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= BaseRegex.maximumNesting else {
            throw RegexError("groups in the regular expression nest deeper than \(BaseRegex.maximumNesting)")
        }
        let inner = try alternation()
        guard current == ")" else { throw RegexError("a group in the regular expression is not closed") }
        index += 1
        return .group(inner, capture: capture)
    }

    private mutating func escape() throws(RegexError) -> RegexNode {
        guard let scalar = current else { throw RegexError("the regular expression ends with '\\'") }
        index += 1
        if let item = RegexSet.Item.classEscape(scalar) { return .set(RegexSet(items: [item])) }
        switch scalar {
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        case "1"..."9":
            throw RegexError("backreferences (\\\(scalar)) are not supported by notesite")
        case "k" where current == "<":
            throw RegexError("backreferences (\\k<name>) are not supported by notesite")
        default: return .scalar(try escapedScalar(scalar))
        }
    }

    /// The scalar an escape other than a class stands for: `\n`, `\x41`, `\u00e9`, `\/`...
    private mutating func escapedScalar(_ scalar: Unicode.Scalar) throws(RegexError) -> Unicode.Scalar {
        switch scalar {
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "0": return "\0"
        case "c":
            if let letter = current, letter.isASCII, letter.properties.isAlphabetic {
                index += 1
                return Unicode.Scalar(letter.value % 32) ?? letter
            }
            return "\\"
        case "x": return hexadecimal(digits: 2) ?? "x"
        case "u":
            if current == "{", let close = scalars[index...].firstIndex(of: "}"), close - index <= 7 {
                let digits = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                if let value = UInt32(digits, radix: 16), let found = Unicode.Scalar(value) {
                    index = close + 1
                    return found
                }
            }
            return hexadecimal(digits: 4) ?? "u"
        default: return scalar
        }
    }

    private mutating func hexadecimal(digits: Int) -> Unicode.Scalar? {
        guard index + digits <= scalars.count else { return nil }
        let text = String(String.UnicodeScalarView(scalars[index..<(index + digits)]))
        guard text.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit),
            let value = UInt32(text, radix: 16),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        index += digits
        return scalar
    }

    /// `[...]` after its `[`: ranges, single scalars and class escapes, maybe negated with `^`.
    private mutating func characterClass() throws(RegexError) -> RegexSet {
        var set = RegexSet(items: [])
        if current == "^" {
            set.negated = true
            index += 1
        }
        while let scalar = current, scalar != "]" {
            index += 1
            var low: Unicode.Scalar
            if scalar == "\\" {
                guard let escaped = current else { throw RegexError("the regular expression ends with '\\'") }
                index += 1
                if let item = RegexSet.Item.classEscape(escaped) {
                    set.items.append(item)
                    continue
                }
                if escaped == "b" {
                    low = "\u{08}"
                } else if ("1"..."9").contains(escaped) {
                    throw RegexError("backreferences (\\\(escaped)) are not supported by notesite")
                } else {
                    low = try escapedScalar(escaped)
                }
            } else {
                low = scalar
            }
            // `a-z`; a `-` first, last or next to a class escape is itself.
            if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard let next = current else { break }
                index += 1
                var high = next
                if next == "\\" {
                    guard let escaped = current else {
                        throw RegexError("the regular expression ends with '\\'")
                    }
                    index += 1
                    if let item = RegexSet.Item.classEscape(escaped) {
                        set.items += [.range(low.value...low.value), .range(45...45), item]
                        continue
                    }
                    high = escaped == "b" ? "\u{08}" : try escapedScalar(escaped)
                }
                guard low.value <= high.value else {
                    throw RegexError("the range \(low)-\(high) in the regular expression is out of order")
                }
                set.items.append(.range(low.value...high.value))
            } else {
                set.items.append(.range(low.value...low.value))
            }
        }
        guard current == "]" else {
            throw RegexError("a character class in the regular expression is not closed")
        }
        index += 1
        return set
    }
}
