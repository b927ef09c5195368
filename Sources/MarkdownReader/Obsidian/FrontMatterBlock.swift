/// Where a note's front matter is: a first line `---` (after an optional BOM), YAML, and a line
/// `---` or `...`. Without the closing line there is no front matter (the `---` is Markdown).
struct FrontMatterBlock {
    /// From the opening `---` to the end of the closing line's text (its line break excluded).
    var range: Range<Int>
    /// The YAML between the two lines.
    var yaml: Range<Int>

    init?(_ bytes: [UInt8]) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lineStart = start
        var lineNumber = 0
        var yamlStart = 0
        while lineStart <= bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != Byte.lf, bytes[end] != Byte.cr { end += 1 }
            if lineNumber == 0 {
                guard Self.isMarker(bytes, lineStart, end, UInt8(ascii: "-")) else { return nil }
            } else if Self.isMarker(bytes, lineStart, end, UInt8(ascii: "-"))
                || Self.isMarker(bytes, lineStart, end, UInt8(ascii: "."))
            {
                range = start..<end
                yaml = yamlStart..<lineStart
                return
            }
            lineNumber += 1
            guard end < bytes.count else { return nil }
            lineStart =
                end + (bytes[end] == Byte.cr && end + 1 < bytes.count && bytes[end + 1] == Byte.lf ? 2 : 1)
            if lineNumber == 1 { yamlStart = lineStart }
        }
        return nil
    }

    /// Whether the line is three `byte`s then only spaces and tabs (byte by byte: slices compared
    /// with a string's UTF-8 view cost more than the rest of the search).
    static func isMarker(_ bytes: [UInt8], _ start: Int, _ end: Int, _ byte: UInt8) -> Bool {
        guard end - start >= 3, bytes[start] == byte, bytes[start + 1] == byte, bytes[start + 2] == byte
        else {
            return false
        }
        return bytes[(start + 3)..<end].allSatisfy { $0 == Byte.space || $0 == Byte.tab }
    }
}
