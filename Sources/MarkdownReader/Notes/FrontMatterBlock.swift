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
            let line = FrontMatterBlock.trimmed(bytes[lineStart..<end])
            if lineNumber == 0 {
                guard line.elementsEqual("---".utf8) else { return nil }
            } else if line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8) {
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

    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var line = line
        while let last = line.last, last == Byte.space || last == Byte.tab { line.removeLast() }
        return line
    }
}
