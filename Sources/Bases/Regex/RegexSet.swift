/// A character class: ranges of scalars and `\d \w \s` (or their negations), maybe negated.
struct RegexSet: Sendable, Hashable {
    enum Item: Sendable, Hashable {
        case range(ClosedRange<UInt32>)
        case digit(negated: Bool)
        case word(negated: Bool)
        case space(negated: Bool)

        /// The class `\d \D \w \W \s \S` stands for, or nil for another escape.
        static func classEscape(_ scalar: Unicode.Scalar) -> Item? {
            switch scalar {
            case "d": .digit(negated: false)
            case "D": .digit(negated: true)
            case "w": .word(negated: false)
            case "W": .word(negated: true)
            case "s": .space(negated: false)
            case "S": .space(negated: true)
            default: nil
            }
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .range(let range): range.contains(scalar.value)
            case .digit(let negated): ("0"..."9").contains(scalar) != negated
            case .word(let negated): RegexSet.isWord(scalar) != negated
            case .space(let negated): RegexSet.isSpace(scalar) != negated
            }
        }
    }

    var items: [Item]
    var negated = false

    /// Whether the class takes `scalar`; with `ignoreCase`, in any of its cases.
    func contains(_ scalar: Unicode.Scalar, ignoreCase: Bool) -> Bool {
        var found = items.contains { $0.contains(scalar) }
        if !found, ignoreCase {
            let lower = RegexSet.lower(scalar)
            let upper = RegexSet.upper(scalar)
            found = items.contains { $0.contains(lower) || $0.contains(upper) }
        }
        return found != negated
    }

    /// `\w`: ASCII letters, digits and `_`, as JavaScript has it.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }

    /// `\s`: JavaScript's white space and line terminators.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{FEFF}"
    }

    /// What `.` does not take without the `s` flag.
    static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// The scalar in lower case when that is one scalar: how `i` compares.
    static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
        }
        let mapped = scalar.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped[mapped.startIndex] : scalar
    }

    static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) ? Unicode.Scalar(scalar.value - 32) ?? scalar : scalar
        }
        let mapped = scalar.properties.uppercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped[mapped.startIndex] : scalar
    }
}
