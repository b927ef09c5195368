/// Rebuilds a `style` attribute from the declarations that only change how text looks. A value
/// may hold letters, digits, spaces and `#%.,-+!/` and a few colour and arithmetic functions; so
/// no `url(`, `expression(`, escapes, comments, quotes, `@` rules, or positioning can get through.
enum StyleFilter {
    static let properties: Set<String> = [
        "color", "background-color", "text-align", "text-decoration", "text-decoration-line",
        "text-decoration-color", "text-decoration-style", "text-decoration-thickness", "text-transform",
        "font-weight", "font-style", "font-variant", "font-size", "font-family", "vertical-align",
        "white-space", "letter-spacing", "word-spacing", "line-height", "list-style-type", "border-collapse",
    ]

    static let functions: Set<String> = [
        "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color", "calc", "var",
    ]

    /// The kept declarations as `name: value; ...`, or nil when none is left. Each dropped one is
    /// named to `report` ("style: position").
    static func filter(_ style: String, report: (String) -> Void) -> String? {
        var kept: [String] = []
        for declaration in style.split(separator: ";") {
            let trimmed = declaration.trimmingSpaces
            guard !trimmed.isEmpty else { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                report("style")
                continue
            }
            let name = trimmed[..<colon].trimmingSpaces.lowercased()
            let value = trimmed[trimmed.index(after: colon)...].trimmingSpaces
            guard properties.contains(name), !value.isEmpty, isSafe(value) else {
                let shown = name.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") } ? name : "?"
                report("style: " + String(shown.prefix(40)))
                continue
            }
            kept.append(name + ": " + value)
        }
        return kept.isEmpty ? nil : kept.joined(separator: "; ")
    }

    static func isSafe(_ value: Substring) -> Bool {
        var depth = 0
        var word = ""
        var previous: Character = " "
        for character in value {
            switch character {
            case "a"..."z", "A"..."Z", "0"..."9", "-":
                word.append(character)
            case "(":
                guard functions.contains(word.lowercased()) else { return false }
                depth += 1
                word = ""
            case ")":
                guard depth > 0 else { return false }
                depth -= 1
                word = ""
            case "/":
                guard previous != "/" else { return false }
                word = ""
            case "*":
                guard previous != "/" else { return false }
                word = ""
            case " ", "#", "%", ".", ",", "+", "!":
                word = ""
            default:
                return false
            }
            previous = character
        }
        return depth == 0 && !value.contains("/*")
    }
}

extension StringProtocol {
    /// Without the ASCII spaces, tabs and line breaks around it.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}"
        }
        let all = self[...]
        guard let first = all.firstIndex(where: { !isSpace($0) }),
            let last = all.lastIndex(where: { !isSpace($0) })
        else { return Substring() }
        return Substring(all[first...last])
    }
}
