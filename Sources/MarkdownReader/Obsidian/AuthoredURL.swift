/// A link or media source written in a note's raw HTML (`<a href>`, `<video src>`, `<audio src>`,
/// `<source src>`, `<track src>`, `<video poster>`), found by the same small tokenizer as
/// ``HTMLImageTag``, so that the site can resolve it as it resolves a Markdown link.
public struct AuthoredURL: Sendable, Hashable {
    /// The element's name, lowercase (`a`, `video`...).
    public var element: String
    /// The attribute's name, lowercase (`href`, `src`, `poster`).
    public var attribute: String
    /// The value as a browser reads it: the common entities decoded, outer spaces and control
    /// characters and inner tabs and newlines taken out.
    public var value: String
    /// Byte offsets of the whole tag, `<` to `>`, in the HTML it was found in.
    public var tag: Range<Int>

    private static let elements: [StaticString] = ["a", "video", "audio", "source", "track"]
    private static let names = ["a", "video", "audio", "source", "track"]

    /// The URLs of `html`'s links and media, in order; empty values are left out.
    public static func all(in html: String) -> [AuthoredURL] {
        var found: [AuthoredURL] = []
        for (index, tag) in HTMLImageTag.all(named: elements, in: html) {
            let element = names[index]
            let attributes = element == "a" ? ["href"] : element == "video" ? ["src", "poster"] : ["src"]
            for attribute in attributes {
                guard let written = tag.attributes.first(where: { $0.name == attribute })?.value,
                    case let value = normalized(decodingEntities(written)), !value.isEmpty
                else {
                    continue
                }
                found.append(
                    AuthoredURL(element: element, attribute: attribute, value: value, tag: tag.range))
            }
        }
        return found
    }

    /// Character references decoded as an HTML parser decodes them in a URL: numeric ones
    /// (`&#106;`, `&#x6A;`, the `;` optional) and the named ones URLs are written or disguised
    /// with (`&amp;`, `&colon;`, `&Tab;`...); others are left as written.
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = String.UnicodeScalarView()
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first {
            guard first == "&", let (decoded, length) = reference(at: scalars) else {
                output.append(first)
                scalars.removeFirst()
                continue
            }
            output.append(contentsOf: decoded.unicodeScalars)
            scalars.removeFirst(length)
        }
        return String(output)
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "Tab": "\t",
        "NewLine": "\n", "nbsp": "\u{A0}", "sol": "/", "period": ".", "lpar": "(", "rpar": ")",
        "num": "#", "percnt": "%", "quest": "?", "equals": "=", "excl": "!", "commat": "@",
    ]

    /// The text of the reference at the start of `scalars` (which starts with `&`) and how many
    /// scalars it takes; nil when it is not one.
    private static func reference(at scalars: Substring.UnicodeScalarView.SubSequence) -> (String, Int)? {
        var rest = scalars.dropFirst()
        if rest.first == "#" {
            rest = rest.dropFirst()
            let hex = rest.first == "x" || rest.first == "X"
            if hex { rest = rest.dropFirst() }
            let digits = rest.prefix { hex ? $0.properties.isASCIIHexDigit : ("0"..."9").contains($0) }
            guard !digits.isEmpty, digits.count <= 8,
                let value = UInt32(String(String.UnicodeScalarView(digits)), radix: hex ? 16 : 10)
            else { return nil }
            let scalar = Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}"
            let semicolon = rest.dropFirst(digits.count).first == ";" ? 1 : 0
            return (String(scalar), 2 + (hex ? 1 : 0) + digits.count + semicolon)
        }
        let name = rest.prefix { $0.properties.isAlphabetic && $0.isASCII }
        guard rest.dropFirst(name.count).first == ";",
            let decoded = named[String(String.UnicodeScalarView(name))]
        else { return nil }
        return (decoded, 1 + name.count + 1)
    }

    /// A URL as ``value`` says: as the sanitizer and a browser read it.
    static func normalized(_ raw: String) -> String {
        var scalars = Substring(raw).unicodeScalars
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        var result = String.UnicodeScalarView()
        for scalar in scalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            result.append(scalar)
        }
        return String(result)
    }
}
