/// Rebuilds a `style` attribute from the declarations that only change how text looks. A value
/// may hold letters, digits, spaces and `#%.,-+!/` and a few colour and arithmetic functions; so
/// no `url(`, `expression(`, escapes, comments, quotes, `@` rules, or positioning can get through.
enum StyleFilter {
    static let properties: Set<String> = [
        "color", "background-color", "text-align", "text-decoration", "text-decoration-line",
        "text-decoration-color", "text-decoration-style", "text-decoration-thickness", "text-transform",
        "font-weight", "font-style", "font-variant", "font-size", "font-family", "vertical-align",
        "white-space", "letter-spacing", "word-spacing", "line-height", "list-style-type", "border-collapse",
        // `background` too, as highlighter plugins write it (`<mark style="background: #FFF3A3A6;">`):
        // the value rules leave it colours only. Borders and padding stay inside the element; margins,
        // which can pull it over the page around the note, are left out.
        "background", "border", "border-color", "border-style", "border-width", "border-radius", "padding",
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
        var wordStart = value.utf8.startIndex
        var previous = UInt8(ascii: " ")
        var index = value.utf8.startIndex
        while index < value.utf8.endIndex {
            let byte = value.utf8[index]
            let next = value.utf8.index(after: index)
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                break
            case UInt8(ascii: "("):
                let word = Substring(value.utf8[wordStart..<index]).lowercased()
                guard functions.contains(word) else { return false }
                depth += 1
            case UInt8(ascii: ")"):
                guard depth > 0 else { return false }
                depth -= 1
            case UInt8(ascii: "/"), UInt8(ascii: "*"):
                // No comments: neither `/*` nor `*/` nor `//`.
                guard previous != UInt8(ascii: "/") else { return false }
            case UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "."),
                UInt8(ascii: ","),
                UInt8(ascii: "+"), UInt8(ascii: "!"):
                break
            default:
                return false
            }
            if !Self.isWordByte(byte) { wordStart = next }
            previous = byte
            index = next
        }
        return depth == 0
    }

    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default: false
        }
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
