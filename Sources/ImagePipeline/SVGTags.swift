/// The start tags of an SVG document as attribute tables, with entity references decoded: enough
/// to find a card's text boxes (``CardTextBox``) in an SVG the theme's template wrote.
enum SVGTags {
    static func elements(in svg: String) -> [[String: String]] {
        var found: [[String: String]] = []
        let scalars = Array(svg.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "<" else {
                index += 1
                continue
            }
            index += 1
            // Comments, declarations and end tags carry no attributes.
            guard index < scalars.count, scalars[index].properties.isAlphabetic else { continue }
            while index < scalars.count, !isSpace(scalars[index]), scalars[index] != ">",
                scalars[index] != "/"
            {
                index += 1
            }
            var attributes: [String: String] = [:]
            while index < scalars.count, scalars[index] != ">" {
                if isSpace(scalars[index]) || scalars[index] == "/" {
                    index += 1
                    continue
                }
                var name = ""
                while index < scalars.count, !isSpace(scalars[index]),
                    !"=>/".unicodeScalars.contains(scalars[index])
                {
                    name.unicodeScalars.append(scalars[index])
                    index += 1
                }
                while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                guard index < scalars.count, scalars[index] == "=" else {
                    if name.isEmpty { index += 1 }
                    continue
                }
                index += 1
                while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else { continue }
                let quote = scalars[index]
                index += 1
                var value = String.UnicodeScalarView()
                while index < scalars.count, scalars[index] != quote {
                    value.append(scalars[index])
                    index += 1
                }
                index += 1
                attributes[name] = decodeEntities(String(value))
            }
            if !attributes.isEmpty { found.append(attributes) }
        }
        return found
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric references; anything else is kept.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            if let decoded = decode(name) {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    private static func decode(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.first == "#" else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}
