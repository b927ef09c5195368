/// A template's source as UTF-8 bytes, with the arithmetic for lines, columns and whitespace.
struct SourceText {
    let name: String
    let bytes: [UInt8]

    init(name: String, text: String) {
        self.name = name
        self.bytes = Array(text.utf8)
    }

    /// An error located at byte `offset`; lines and columns are only computed when something fails.
    func error(at offset: Int, _ message: String) -> TemplateError {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == ASCII.newline {
            line += 1
            lineStart = index + 1
        }
        // Count scalars, not bytes: skip UTF-8 continuation bytes.
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return TemplateError(template: name, line: line, column: column, message: message)
    }

    /// Whether `offset` begins a line.
    func isLineStart(_ offset: Int) -> Bool {
        offset == 0 || bytes[offset - 1] == ASCII.newline
    }

    /// The start of the line holding `offset` if only spaces and tabs precede it there.
    func blankPrefixStart(before offset: Int) -> Int? {
        var index = offset
        while index > 0 {
            let byte = bytes[index - 1]
            if byte == ASCII.newline { return index }
            if !ASCII.isInlineSpace(byte) { return nil }
            index -= 1
        }
        return 0
    }

    /// If only spaces and tabs follow `offset` up to the end of its line: where that line break starts
    /// and where the next line starts (both the end of the text when there is no line break).
    func blankSuffix(after offset: Int) -> (lineBreak: Int, nextLine: Int)? {
        var index = offset
        while index < bytes.count, ASCII.isInlineSpace(bytes[index]) { index += 1 }
        if index == bytes.count { return (index, index) }
        if bytes[index] == ASCII.newline { return (index, index + 1) }
        if bytes[index] == ASCII.carriageReturn, index + 1 < bytes.count, bytes[index + 1] == ASCII.newline {
            return (index, index + 2)
        }
        return nil
    }

    /// Whether `pattern` occurs at `offset`.
    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + pattern.count <= bytes.count else { return false }
        for index in pattern.indices where bytes[offset + index] != pattern[index] { return false }
        return true
    }

    /// The first offset at or after `start` where `pattern` occurs.
    func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first, matches(pattern, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// The string of bytes `range` with surrounding whitespace removed.
    func trimmedString(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, ASCII.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, ASCII.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}

/// The few bytes the parser cares about.
enum ASCII {
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09

    static func isInlineSpace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn || byte == 0x0C
            || byte == 0x0B
    }
}
