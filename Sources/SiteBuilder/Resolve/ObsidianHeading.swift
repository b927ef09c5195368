/// How Obsidian compares a link's heading with a note's headings (its API's `stripHeading`):
/// each of ``strippedCharacters`` and every line break becomes a space, runs of white space
/// shrink to one space, the ends are trimmed; then both sides are compared in lower case.
/// The heading side is the heading's source text, markup included (`` `code` `` and `**bold**`
/// lose their marks because `` ` `` and `*` are in the set; `_` is not, so `_emphasis_` keeps them).
/// The rules, with an example each, are in the guide (`Site/guide/Links and embeds.md`).
enum ObsidianHeading {
    /// The ASCII punctuation `stripHeading` turns into spaces. Not in it: `-`, `_` and `'`.
    static let strippedCharacters: Set<Unicode.Scalar> = Set(
        ##"!"#$%&()*+,.:;<=>?@^`{|}~/[]\"##.unicodeScalars)

    /// What `stripHeadingForLink` turns into spaces when Obsidian writes a link to a heading:
    /// only what would break the link (`:`, `#`, `|`, `^`, `\`, `%%`, `[[`, `]]`).
    static let linkBreakingCharacters: Set<Unicode.Scalar> = Set(##":#|^\"##.unicodeScalars)

    /// Obsidian's `stripHeading(text)`.
    static func strip(_ text: String) -> String {
        collapsingSpaces(text.unicodeScalars.map { strippedCharacters.contains($0) ? " " : $0 })
    }

    /// The form two headings are compared in: stripped, then lower-cased.
    static func key(_ text: String) -> String { asciiKey(text) ?? strip(text).lowercased() }

    /// ``key(_:)`` of ASCII text (most headings; every note's are keyed when it is read), on bytes.
    /// Nil when the text has any other byte.
    static func asciiKey(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            if asciiStripped[Int(byte)] || (0x09...0x0D).contains(byte) || byte == 0x20 {
                pendingSpace = true
                continue
            }
            if pendingSpace && !bytes.isEmpty { bytes.append(0x20) }
            pendingSpace = false
            bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``strippedCharacters`` as a table by ASCII byte.
    private static let asciiStripped: [Bool] = (0..<128).map { byte in
        strippedCharacters.contains(Unicode.Scalar(UInt8(byte)))
    }

    /// Obsidian's `stripHeadingForLink(text)`: the heading as a link to it is written.
    static func forLink(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var replaced: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if linkBreakingCharacters.contains(scalar) {
                replaced.append(" ")
            } else if next == scalar, scalar == "%" || scalar == "[" || scalar == "]" {
                replaced.append(" ")
                index += 1
            } else {
                replaced.append(scalar)
            }
            index += 1
        }
        return collapsingSpaces(replaced)
    }

    /// Runs of JavaScript white space (`\s`, line breaks included) as one space, ends trimmed.
    private static func collapsingSpaces(_ scalars: [Unicode.Scalar]) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in scalars {
            if isJavaScriptSpace(scalar) {
                pendingSpace = true
                continue
            }
            if pendingSpace && !result.isEmpty { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return String(result)
    }

    /// JavaScript's `\s`: what its regular expressions and `trim()` take as white space.
    static func isJavaScriptSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
            0xFEFF:
            true
        default: false
        }
    }
}
