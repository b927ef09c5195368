/// GitHub's (github-slugger's) heading slugs, remembering those given out.
public struct Slugger: Sendable {
    private var occurrences: [String: Int] = [:]

    public init() {}

    /// The slug of `text`, made unique among those this slugger has given.
    public mutating func unique(_ text: String) -> String {
        var base = Slugger.slug(text)
        if base.isEmpty { base = "heading" }
        var result = base
        while occurrences[result] != nil {
            let next = (occurrences[base] ?? 0) + 1
            occurrences[base] = next
            result = "\(base)-\(next)"
        }
        occurrences[result] = 0
        return result
    }

    /// Lower case; letters, marks, digits, connector punctuation, `-` kept; spaces to `-`.
    public static func slug(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                result.append("-")
                continue
            }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
                .connectorPunctuation:
                result.append(scalar)
            default:
                if scalar == "-" { result.append(scalar) }
            }
        }
        return String(result)
    }
}
