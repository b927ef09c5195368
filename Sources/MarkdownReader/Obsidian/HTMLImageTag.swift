import NoteModel

/// One `<img>` tag in raw HTML written in a note, found when the note is read (Obsidian's syntax). A
/// small tokenizer, enough for the tags authors write: attributes quoted with `"` or `'`,
/// unquoted, or bare; comments are skipped.
struct HTMLImageTag: Sendable, Hashable {
    typealias Attribute = RawHTMLImage.Attribute

    /// Byte offsets of the whole tag, `<` to `>`, in the HTML it was found in.
    var range: Range<Int>
    var attributes: [Attribute]

    /// The `src` with `&amp;` and the other common entities decoded; nil without one.
    var source: String? { value(of: "src") }

    /// An attribute's value with the common entities decoded; nil when absent.
    func value(of name: String) -> String? {
        attributes.first { $0.name == name }?.value.map(Self.decodeEntities)
    }

    /// Whether `src` names a file (no `scheme:`, not `//host`): those become images of the note.
    static func isLocal(_ source: String) -> Bool {
        if source.hasPrefix("//") { return false }
        guard let colon = source.firstIndex(of: ":"), colon != source.startIndex else { return true }
        let scheme = source[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return true }
        return !scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The size the author's own `width`/`height` ask for, in CSS pixels (whole numbers only;
    /// `50%` asks for nothing).
    var requestedSize: ImageSize? {
        let number = { (name: String) -> Int? in
            attributes.first { $0.name == name }?.value.flatMap {
                Int($0.split(separator: " ", omittingEmptySubsequences: true).joined())
            }
            .flatMap { $0 > 0 ? $0 : nil }
        }
        let width = number("width")
        let height = number("height")
        return width == nil && height == nil ? nil : ImageSize(width: width, height: height)
    }

    /// Every `<img>` tag in `html`, in order.
    static func all(in html: String) -> [HTMLImageTag] {
        all(named: ["img"], in: html).map(\.tag)
    }

    /// Every tag named one of `names` (lowercase) in `html`, in order, with the index of its name.
    static func all(named names: [StaticString], in html: String) -> [(name: Int, tag: HTMLImageTag)] {
        let bytes = Array(html.utf8)
        var tags: [(name: Int, tag: HTMLImageTag)] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if starts(bytes, at: index, with: "<!--") {
                index = find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? bytes.count
                continue
            }
            if let name = names.firstIndex(where: { isTag(bytes, at: index, named: $0) }) {
                let (attributes, end) = parseAttributes(
                    bytes, from: index + 1 + names[name].utf8CodeUnitCount)
                tags.append((name, HTMLImageTag(range: index..<end, attributes: attributes)))
                index = end
                continue
            }
            index += 1
        }
        return tags
    }

    /// Whether `<name` followed by a space, `>` or `/` starts at `index`.
    private static func isTag(_ bytes: [UInt8], at index: Int, named name: StaticString) -> Bool {
        let end = index + 1 + name.utf8CodeUnitCount
        guard end < bytes.count, bytes[index] == UInt8(ascii: "<") else { return false }
        let matches = name.withUTF8Buffer { name in
            name.indices.allSatisfy { bytes[index + 1 + $0] | 0x20 == name[$0] | 0x20 }
        }
        return matches
            && (isSpace(bytes[end]) || bytes[end] == UInt8(ascii: ">") || bytes[end] == UInt8(ascii: "/"))
    }

    /// Attributes up to the tag's `>`; returns them and the offset just past the `>`.
    private static func parseAttributes(_ bytes: [UInt8], from start: Int) -> ([Attribute], Int) {
        var attributes: [Attribute] = []
        var index = start
        let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        while index < bytes.count {
            while index < bytes.count && (isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/")) {
                index += 1
            }
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: ">") { return (attributes, index + 1) }
            let nameStart = index
            while index < bytes.count && !isSpace(bytes[index]) && !"=>/".utf8.contains(bytes[index]) {
                index += 1
            }
            let name = text(nameStart..<index).lowercased()
            var probe = index
            while probe < bytes.count && isSpace(bytes[probe]) { probe += 1 }
            guard probe < bytes.count, bytes[probe] == UInt8(ascii: "=") else {
                if !name.isEmpty { attributes.append(Attribute(name: name, value: nil)) }
                if index == nameStart { index += 1 }
                continue
            }
            index = probe + 1
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                let quote = bytes[index]
                let valueStart = index + 1
                index = valueStart
                while index < bytes.count && bytes[index] != quote { index += 1 }
                value = text(valueStart..<index)
                index = min(bytes.count, index + 1)
            } else {
                let valueStart = index
                while index < bytes.count && !isSpace(bytes[index]) && bytes[index] != UInt8(ascii: ">") {
                    index += 1
                }
                value = text(valueStart..<index)
            }
            if !name.isEmpty { attributes.append(Attribute(name: name, value: value)) }
        }
        return (attributes, bytes.count)
    }

    /// `&amp;`, `&quot;`, `&#39;`, `&lt;` and `&gt;` decoded; other text as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let entities: [(String, String)] = [
            ("&amp;", "&"), ("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"),
        ]
        var output = ""
        var rest = Substring(text)
        while let first = rest.first {
            if first == "&", let (entity, character) = entities.first(where: { rest.hasPrefix($0.0) }) {
                output += character
                rest = rest.dropFirst(entity.count)
            } else {
                output.append(first)
                rest = rest.dropFirst()
            }
        }
        return output
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// Without case. `prefix` is a literal's UTF-8 read in place (an array made per `<` was most of
    /// the cost of looking through a note's HTML).
    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { prefix in
            guard index + prefix.count <= bytes.count else { return false }
            for offset in prefix.indices where bytes[index + offset] | 0x20 != prefix[offset] | 0x20 {
                return false
            }
            return true
        }
    }

    static func find(_ bytes: [UInt8], _ needle: String, from start: Int) -> Int? {
        let needle = Array(needle.utf8)
        guard !needle.isEmpty, start <= bytes.count - needle.count else { return nil }
        for index in start...(bytes.count - needle.count)
        where bytes[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
