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
        asciiSlug(text) ?? unicodeSlug(text)
    }

    /// The slug of any text, by each scalar's Unicode category.
    static func unicodeSlug(_ text: String) -> String {
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

    /// The same slug for ASCII text, byte by byte (most headings; the general path asks Unicode
    /// for each scalar's category). Nil when the text has any other byte.
    static func asciiSlug(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"),
                UInt8(ascii: "-"):
                bytes.append(byte)
            case UInt8(ascii: " "): bytes.append(UInt8(ascii: "-"))
            case 0x80...: return nil
            default: continue
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
