package import Foundation

/// The little notesite needs from an SVG file: whether it is one, and its intrinsic size.
/// SVG never goes through libvips (its loader runs a full renderer on untrusted input).
package struct SVGDocument {
    /// Browsers' size for a replaced element with no size of its own.
    static let defaultSize = DisplaySize(width: 300, height: 150)

    /// Attributes of the root `<svg>` start tag.
    var rootAttributes: [String: String]

    /// nil when the text has no `<svg` root element near its start.
    package init?(data: Data) {
        let head = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
        guard let tag = Self.rootStartTag(in: head) else { return nil }
        rootAttributes = Self.attributes(of: tag)
    }

    /// Cheap test used when libvips does not recognise the bytes: text whose first element is `<svg`.
    package static func looksLikeSVG(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        return rootStartTag(in: head) != nil
    }

    /// Width and height from the root's `width`/`height` (absolute units), else its `viewBox`
    /// (keeping its aspect ratio when only one of width or height is given), else 300x150.
    package var intrinsicSize: DisplaySize {
        let width = rootAttributes["width"].flatMap(Self.length)
        let height = rootAttributes["height"].flatMap(Self.length)
        let box = rootAttributes["viewBox"].flatMap(Self.viewBoxSize)
        let size: (Double, Double)
        switch (width, height, box) {
        case (let w?, let h?, _): size = (w, h)
        case (let w?, nil, let b?): size = (w, w * b.1 / b.0)
        case (nil, let h?, let b?): size = (h * b.0 / b.1, h)
        case (nil, nil, let b?): size = b
        default: return Self.defaultSize
        }
        return DisplaySize(width: Self.pixels(size.0), height: Self.pixels(size.1))
    }

    private static func pixels(_ value: Double) -> Int {
        guard value.isFinite else { return 1 }
        return Int(min(max(value.rounded(), 1), 1_000_000))
    }

    /// The text of the first element's start tag if that element is `svg` (any prefix).
    /// Skips the XML declaration, comments, a doctype and processing instructions.
    private static func rootStartTag(in text: String) -> Substring? {
        var rest = text[...].drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace })
        while rest.hasPrefix("<?") || rest.hasPrefix("<!") {
            let end = rest.hasPrefix("<!--") ? "-->" : ">"
            guard let close = rest.range(of: end) else { return nil }
            rest = rest[close.upperBound...].drop(while: { $0.isWhitespace })
        }
        guard rest.hasPrefix("<") else { return nil }
        let name = rest.dropFirst().prefix(while: { !$0.isWhitespace && $0 != ">" && $0 != "/" })
        guard name == "svg" || name.hasSuffix(":svg") else { return nil }
        var quote: Character?
        for index in rest.indices {
            let character = rest[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return rest[..<index]
            }
        }
        return nil
    }

    /// `name="value"` pairs of a start tag (either quote style).
    private static func attributes(of tag: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = tag.drop(while: { !$0.isWhitespace })
        while true {
            rest = rest.drop(while: { $0.isWhitespace })
            let name = rest.prefix(while: { !$0.isWhitespace && $0 != "=" && $0 != "/" })
            guard !name.isEmpty else { return result }
            rest = rest.dropFirst(name.count).drop(while: { $0.isWhitespace })
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop(while: { $0.isWhitespace })
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return result }
            rest = rest.dropFirst()
            let value = rest.prefix(while: { $0 != quote })
            result[String(name)] = String(value)
            rest = rest.dropFirst(value.count + 1)
        }
    }

    /// An absolute CSS length in px; nil for relative ones (%, em) and nonsense.
    static func length(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix(while: { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" }
        )
        guard let value = Double(number), value > 0, value.isFinite else { return nil }
        let factor: Double? =
            switch trimmed.dropFirst(number.count).lowercased() {
            case "", "px": 1
            case "pt": 96.0 / 72
            case "pc": 16
            case "in": 96
            case "cm": 96 / 2.54
            case "mm": 96 / 25.4
            default: nil
            }
        return factor.map { value * $0 }
    }

    /// Width and height of a `viewBox="min-x min-y width height"`; nil unless both are positive.
    static func viewBoxSize(_ text: String) -> (Double, Double)? {
        let numbers = text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { Double($0) }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0, numbers[2].isFinite, numbers[3].isFinite
        else { return nil }
        return (numbers[2], numbers[3])
    }
}
