/// The raw-source pre-scan for footnote definitions (`[^label]: text` and the lines indented under
/// it). libcmark would read a definition as a link reference definition, or its indented lines as
/// code, so definitions are cut out of the source (replaced by blank lines, keeping every other
/// line where it was) before cmark parses, and their bodies are parsed on their own.
///
/// Known limit: only definitions outside containers (block quotes, lists) are found.
struct FootnoteScanner {
    struct Definition {
        /// The label as written, and as matched (case-folded, whitespace collapsed).
        var label: String
        var key: String
        /// 1-based lines of the definition in the source.
        var firstLine: Int
        var lastLine: Int
        var column: Int
        /// The body's Markdown: the first line's rest, then the next lines less four columns.
        var body: [UInt8]
    }

    /// What stands in the source for a definition's first line; ``CmarkConverter`` drops it.
    static let placeholder = "<!--notesite:footnote-->"

    private(set) var definitions: [Definition] = []
    /// The source with every definition's lines blanked.
    private(set) var rewritten: [UInt8] = []

    init(_ source: SourceText) {
        // Every definition starts `[^`: without one, no line needs looking at (most notes).
        guard Self.containsCaretBracket(source.bytes) else { return }
        var output: [UInt8] = []
        output.reserveCapacity(source.bytes.count)
        var number = 1
        var fence: (byte: UInt8, count: Int)?
        /// Inside an HTML block, and what ends it (nil: a blank line).
        var inHTML = false
        var htmlEnd: String?
        while number <= source.lineCount {
            let line = source.line(number)
            if let open = fence {
                if Self.closesFence(line, open) { fence = nil }
            } else if inHTML {
                inHTML = !(htmlEnd.map { Self.contains(line, $0) } ?? Self.isBlank(line))
            } else if let opened = Self.opensFence(line) {
                fence = opened
            } else if case (true, let end) = Self.opensHTMLBlock(line) {
                // The block may end on its first line.
                htmlEnd = end
                inHTML = !(end.map { Self.contains(line.dropFirst(2), $0) } ?? false)
            } else if let (label, rest, column) = Self.definitionStart(line) {
                let last = Self.lastLine(of: number, rest: rest, in: source)
                var body = Array(rest)
                if number < last {
                    for next in (number + 1)...last {
                        body.append(10)
                        let line = source.line(next)
                        // A lazy line stays indented: it can then only continue the paragraph (not
                        // underline a heading or start a table), as it does inside the definition.
                        body +=
                            Self.indentation(line) >= 4 || Self.isBlank(line)
                            ? Self.dropIndent(line) : [32, 32, 32, 32] + line
                    }
                }
                Self.closeOpenFence(&body, blankLinesAfter: Self.blankLines(after: last, in: source))
                definitions.append(
                    Definition(
                        label: String(decoding: label, as: UTF8.self), key: Self.normalize(label),
                        firstLine: number,
                        lastLine: last, column: column, body: body))
                // The first line becomes a placeholder HTML block: like the definition, it interrupts a
                // paragraph and closes open lists and quotes (blank lines would make a list loose).
                output += Self.placeholder.utf8
                for blank in number...last { output += Self.ending(of: blank, in: source) }
                number = last + 1
                continue
            }
            output += source.bytes[source.lineStart(number)..<source.lineStart(number + 1)]
            number += 1
        }
        rewritten = output
    }

    /// Whether `[^` occurs anywhere in the bytes.
    private static func containsCaretBracket(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while let found = Byte.firstIndex(of: UInt8(ascii: "["), in: bytes, from: offset, to: bytes.count - 1)
        {
            if bytes[found + 1] == UInt8(ascii: "^") { return true }
            offset = found + 1
        }
        return false
    }

    /// A fence left open in a body would run on into the next body when they are parsed together;
    /// cmark-gfm ends it with the definition, keeping the blank lines that follow.
    private static func closeOpenFence(_ body: inout [UInt8], blankLinesAfter: Int) {
        var fence: (byte: UInt8, count: Int)?
        for line in body.split(separator: 10, omittingEmptySubsequences: false) {
            if let open = fence {
                if closesFence(line, open) { fence = nil }
            } else {
                fence = opensFence(line)
            }
        }
        guard let open = fence else { return }
        body += Array(repeating: 10, count: blankLinesAfter + 1)
        body += Array(repeating: open.byte, count: open.count)
    }

    private static func blankLines(after last: Int, in source: SourceText) -> Int {
        var count = 0
        // The empty "line" after a final line ending is not one.
        while last + count + 1 <= source.lineCount, source.lineStart(last + count + 1) < source.bytes.count,
            isBlank(source.line(last + count + 1))
        {
            count += 1
        }
        return count
    }

    /// cmark's label matching: case-folded, inner whitespace collapsed, trimmed.
    static func normalize(_ label: some Collection<UInt8>) -> String {
        String(decoding: label, as: UTF8.self).lowercased().split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
    }

    /// `{0,3} [^label]: ` where the label has no space, tab, `]` or line end.
    private static func definitionStart(_ line: ArraySlice<UInt8>) -> (
        ArraySlice<UInt8>, ArraySlice<UInt8>, Int
    )? {
        var index = line.startIndex
        while index < line.endIndex, line[index] == 32, index - line.startIndex < 3 { index += 1 }
        guard line.endIndex - index >= 5, line[index] == UInt8(ascii: "["),
            line[index + 1] == UInt8(ascii: "^")
        else {
            return nil
        }
        let column = index - line.startIndex + 1
        let labelStart = index + 2
        var end = labelStart
        while end < line.endIndex, ![UInt8(ascii: "]"), 32, 9, 0].contains(line[end]) { end += 1 }
        guard end > labelStart, end + 1 < line.endIndex, line[end] == UInt8(ascii: "]"),
            line[end + 1] == UInt8(ascii: ":")
        else { return nil }
        var rest = end + 2
        while rest < line.endIndex, line[rest] == 32 || line[rest] == 9 { rest += 1 }
        return (line[labelStart..<end], line[rest...], column)
    }

    /// The definition runs on over indented lines (blank lines between them included), and over
    /// lazy lines that continue its open paragraph.
    private static func lastLine(of first: Int, rest: ArraySlice<UInt8>, in source: SourceText) -> Int {
        var last = first
        var paragraphOpen = !isBlank(rest)
        var number = first + 1
        while number <= source.lineCount {
            let line = source.line(number)
            if isBlank(line) {
                paragraphOpen = false
            } else if indentation(line) >= 4 {
                paragraphOpen = paragraphOpen || indentation(line) < 8
                last = number
            } else if paragraphOpen, last == number - 1, !startsBlock(line) {
                last = number
            } else {
                break
            }
            number += 1
        }
        return last
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 32 || $0 == 9 }
    }

    private static func indentation(_ line: ArraySlice<UInt8>) -> Int {
        var columns = 0
        for byte in line {
            if byte == 32 {
                columns += 1
            } else if byte == 9 {
                columns += 4 - columns % 4
            } else {
                break
            }
        }
        return columns
    }

    /// Four columns of indentation removed (a tab counts to the next multiple of four).
    private static func dropIndent(_ line: ArraySlice<UInt8>) -> [UInt8] {
        var columns = 0
        var index = line.startIndex
        while index < line.endIndex, columns < 4 {
            if line[index] == 32 {
                columns += 1
            } else if line[index] == 9 {
                let width = 4 - columns % 4
                if columns + width > 4 {
                    return Array(repeating: 32, count: columns + width - 4) + line[(index + 1)...]
                }
                columns += width
            } else {
                break
            }
            index += 1
        }
        return Array(line[index...])
    }

    /// Whether a line would start a block rather than continue a paragraph.
    private static func startsBlock(_ line: ArraySlice<UInt8>) -> Bool {
        let trimmed = line.drop { $0 == 32 }
        guard let first = trimmed.first else { return true }
        if definitionStart(line) != nil || opensFence(line) != nil { return true }
        if isThematicBreak(trimmed) { return true }
        switch first {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "<"): return true
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            let second = trimmed.dropFirst().first
            return second == nil || second == 32 || second == 9
        default:
            let digits = trimmed.prefix { (48...57).contains($0) }
            let after = trimmed.dropFirst(digits.count).first
            return !digits.isEmpty && (after == UInt8(ascii: ".") || after == UInt8(ascii: ")"))
        }
    }

    /// Three or more of one of `-`, `*`, `_`, with only spaces or tabs between.
    private static func isThematicBreak(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, "-*_".utf8.contains(first) else { return false }
        let marks = line.filter { $0 == first }.count
        return marks >= 3 && line.allSatisfy { $0 == first || $0 == 32 || $0 == 9 }
    }

    /// An HTML block's first line (`<` then a letter, `/`, `!` or `?`), and what ends the block: a
    /// line containing the returned text (types 1 to 5), or a blank line (nil; types 6 and 7).
    private static func opensHTMLBlock(_ line: ArraySlice<UInt8>) -> (isHTML: Bool, end: String?) {
        let trimmed = line.drop { $0 == 32 }
        guard line.count - trimmed.count <= 3, trimmed.first == UInt8(ascii: "<"),
            let next = trimmed.dropFirst().first,
            AutolinkScanner.isAlpha(next) || "/!?".utf8.contains(next)
        else { return (false, nil) }
        let lowered = String(decoding: trimmed.prefix(12), as: UTF8.self).lowercased()
        for tag in ["script", "pre", "style", "textarea"] where lowered.hasPrefix("<" + tag) {
            let after = lowered.dropFirst(tag.count + 1).first
            if after == nil || after == " " || after == ">" || after == "\t" {
                return (true, "</" + tag + ">")
            }
        }
        if lowered.hasPrefix("<!--") { return (true, "-->") }
        if lowered.hasPrefix("<?") { return (true, "?>") }
        if lowered.hasPrefix("<![cdata[") { return (true, "]]>") }
        if lowered.hasPrefix("<!"), let letter = lowered.dropFirst(2).first, letter.isLetter {
            return (true, ">")
        }
        return (true, nil)
    }

    private static func contains(_ line: ArraySlice<UInt8>, _ end: String) -> Bool {
        String(decoding: line, as: UTF8.self).lowercased().contains(end)
    }

    private static func opensFence(_ line: ArraySlice<UInt8>) -> (byte: UInt8, count: Int)? {
        let trimmed = line.drop { $0 == 32 }
        guard line.count - trimmed.count <= 3, let first = trimmed.first,
            first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
        else { return nil }
        let count = trimmed.prefix { $0 == first }.count
        guard count >= 3 else { return nil }
        if first == UInt8(ascii: "`"), trimmed.dropFirst(count).contains(UInt8(ascii: "`")) { return nil }
        return (first, count)
    }

    private static func closesFence(_ line: ArraySlice<UInt8>, _ fence: (byte: UInt8, count: Int)) -> Bool {
        let trimmed = line.drop { $0 == 32 }
        guard line.count - trimmed.count <= 3 else { return false }
        let count = trimmed.prefix { $0 == fence.byte }.count
        return count >= fence.count && isBlank(trimmed.dropFirst(count))
    }

    /// The line's ending alone (the line blanked).
    private static func ending(of number: Int, in source: SourceText) -> ArraySlice<UInt8> {
        let end = source.lineStart(number + 1)
        var start = source.lineStart(number) + source.line(number).count
        start = min(start, end)
        return source.bytes[start..<end]
    }
}
