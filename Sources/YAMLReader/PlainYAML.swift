import NoteModel

/// Reads the plain subset of YAML that front matter is written in (block mappings of plain keys,
/// block sequences, one-line plain or quoted scalars and flow sequences) to the same nodes libyaml's
/// events give, at a small part of libyaml's cost. Anything else (comments, anchors, tags, block
/// scalars, escapes, multi-line scalars, tabs, errors, ...) returns nil: libyaml reads it then.
struct PlainYAML {
    private struct Line {
        var number: Int
        var start: Int
        /// Past the last byte that is not a space.
        var end: Int
        var indent: Int
    }

    private struct Unsupported: Error {}

    private let bytes: [UInt8]
    private let file: String
    private let lineOffset: Int
    private var lines: [Line] = []
    private var index = 0
    private var depth = 0

    /// The document's root, or nil when the text is outside the subset (or holds no node).
    static func parse(_ text: String, file: String, lineOffset: Int) -> YAMLNode? {
        var reader = PlainYAML(bytes: Array(text.utf8), file: file, lineOffset: lineOffset)
        guard reader.splitLines(), !reader.lines.isEmpty else { return nil }
        do {
            let root = try reader.block(indent: reader.lines[0].indent)
            return reader.index == reader.lines.count ? root : nil
        } catch {
            return nil
        }
    }

    private init(bytes: [UInt8], file: String, lineOffset: Int) {
        self.bytes = bytes
        self.file = file
        self.lineOffset = lineOffset
    }

    /// Cuts the text into its non-blank lines; false at a byte the subset leaves to libyaml.
    private mutating func splitLines() -> Bool {
        var start = 0
        var number = 0
        while start < bytes.count {
            var end = start
            var indent = -1
            var last = -1
            while end < bytes.count, bytes[end] != 10 {
                let byte = bytes[end]
                if byte == 32 {
                    end += 1
                    continue
                }
                if indent < 0 { indent = end - start }
                if !Self.isAllowed(at: end, in: bytes) { return false }
                // A comment: `#` at a line's start or after a space.
                if byte == UInt8(ascii: "#"), end == start || bytes[end - 1] == 32 { return false }
                last = end
                end += 1
            }
            if indent >= 0 {
                lines.append(Line(number: number, start: start, end: last + 1, indent: indent))
            }
            number += 1
            start = end + 1
        }
        return true
    }

    /// Printable for libyaml and no line break but LF: no controls, tabs, CR, NEL, LS, PS, BOM or
    /// U+FFFE/U+FFFF.
    private static func isAllowed(at index: Int, in bytes: [UInt8]) -> Bool {
        let byte = bytes[index]
        if byte < 0x80 { return byte >= 0x20 && byte != 0x7F }
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        let third = index + 2 < bytes.count ? bytes[index + 2] : 0
        switch byte {
        case 0xC2: return next >= 0xA0
        case 0xE2: return !(next == 0x80 && (third == 0xA8 || third == 0xA9))
        case 0xEF: return !(next == 0xBB && third == 0xBF) && !(next == 0xBF && third >= 0xBE)
        default: return true
        }
    }

    /// A place in characters, as libyaml counts columns.
    private func location(_ line: Line, _ offset: Int) -> SourceLocation {
        var counted = (offset: line.start, column: 1)
        return location(line, offset, counted: &counted)
    }

    /// `location` counting on from an earlier place on the line, so a long flow sequence is linear.
    private func location(_ line: Line, _ offset: Int, counted: inout (offset: Int, column: Int))
        -> SourceLocation
    {
        while counted.offset < offset {
            if bytes[counted.offset] & 0xC0 != 0x80 { counted.column += 1 }
            counted.offset += 1
        }
        return SourceLocation(file: file, line: line.number + 1 + lineOffset, column: counted.column)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func startsEntry(_ line: Line) -> Bool {
        let first = line.start + line.indent
        return bytes[first] == UInt8(ascii: "-") && (first + 1 == line.end || bytes[first + 1] == 32)
    }

    /// A block mapping or sequence whose lines start at `indent`.
    private mutating func block(indent: Int) throws(Unsupported) -> YAMLNode {
        depth += 1
        defer { depth -= 1 }
        guard depth < 32 else { throw Unsupported() }
        return startsEntry(lines[index]) ? try sequence(indent: indent) : try mapping(indent: indent)
    }

    private mutating func mapping(indent: Int) throws(Unsupported) -> YAMLNode {
        let first = lines[index]
        var entries: [YAMLNode.Entry] = []
        while index < lines.count, lines[index].indent >= indent {
            let line = lines[index]
            guard line.indent == indent else { throw Unsupported() }
            let keyStart = line.start + indent
            var colon = keyStart
            while colon < line.end, Self.isKeyByte(bytes[colon]) { colon += 1 }
            guard colon > keyStart, colon - keyStart < 200, colon < line.end,
                bytes[colon] == UInt8(ascii: ":"),
                colon + 1 == line.end || bytes[colon + 1] == 32, Self.startsKey(bytes[keyStart])
            else { throw Unsupported() }
            let key = YAMLNode(.scalar(text(keyStart..<colon), plain: true), at: location(line, keyStart))
            index += 1
            let value: YAMLNode
            if colon + 1 == line.end {
                value = try nested(under: line, indent: indent, colon: colon)
            } else {
                var start = colon + 1
                while bytes[start] == 32 { start += 1 }
                value = try inline(line, from: start)
                try checkNoContinuation(indent: indent)
            }
            entries.append(YAMLNode.Entry(key: key, value: value))
        }
        return YAMLNode(.mapping(entries), at: location(first, first.start + indent))
    }

    /// The value of a key with nothing after its colon: the block below, or null.
    private mutating func nested(under line: Line, indent: Int, colon: Int) throws(Unsupported) -> YAMLNode {
        if index < lines.count {
            let next = lines[index]
            if next.indent > indent { return try block(indent: next.indent) }
            // A sequence at the key's own indent belongs to the key.
            if next.indent == indent && startsEntry(next) { throw Unsupported() }
        }
        return YAMLNode(.scalar("", plain: true), at: location(line, colon + 1))
    }

    private mutating func sequence(indent: Int) throws(Unsupported) -> YAMLNode {
        let first = lines[index]
        var items: [YAMLNode] = []
        while index < lines.count, lines[index].indent >= indent {
            let line = lines[index]
            guard line.indent == indent, startsEntry(line), line.start + indent + 1 < line.end else {
                throw Unsupported()
            }
            var start = line.start + indent + 1
            while bytes[start] == 32 { start += 1 }
            index += 1
            items.append(try inline(line, from: start))
            try checkNoContinuation(indent: indent)
        }
        return YAMLNode(.sequence(items), at: location(first, first.start + indent))
    }

    /// A line deeper than its block after an inline value continues it (or is an error).
    private func checkNoContinuation(indent: Int) throws(Unsupported) {
        if index < lines.count, lines[index].indent > indent { throw Unsupported() }
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// A letter, digit or `_`: never an indicator, a document marker or a sequence entry.
    private static func startsKey(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".") && isKeyByte(byte)
    }

    /// Bytes that may not start a plain scalar here (YAML's indicators).
    private static func isIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
            UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
            UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            true
        default: false
        }
    }
}

extension PlainYAML {
    /// A value that takes the rest of the line from `start`.
    private func inline(_ line: Line, from start: Int) throws(Unsupported) -> YAMLNode {
        let here = location(line, start)
        switch bytes[start] {
        case UInt8(ascii: "["):
            return YAMLNode(.sequence(try flowItems(line, from: start + 1)), at: here)
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            let (value, end) = try quoted(line, from: start)
            guard end == line.end else { throw Unsupported() }
            return YAMLNode(.scalar(value, plain: false), at: here)
        case let byte where Self.isIndicator(byte):
            throw Unsupported()
        default:
            for position in start..<line.end where bytes[position] == UInt8(ascii: ":") {
                // `: ` or a colon at the end would start a mapping.
                if position + 1 == line.end || bytes[position + 1] == 32 { throw Unsupported() }
            }
            return YAMLNode(.scalar(text(start..<line.end), plain: true), at: here)
        }
    }

    /// A flow sequence's items on one line, after its `[`, to a `]` that ends the line.
    private func flowItems(_ line: Line, from start: Int) throws(Unsupported) -> [YAMLNode] {
        var items: [YAMLNode] = []
        var counted = (offset: line.start, column: 1)
        var position = start
        while position < line.end, bytes[position] == 32 { position += 1 }
        if position < line.end, bytes[position] == UInt8(ascii: "]") {
            guard position + 1 == line.end else { throw Unsupported() }
            return items
        }
        while position < line.end {
            let itemStart = position
            var itemEnd: Int
            var node: YAMLNode
            let byte = bytes[position]
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                let (value, end) = try quoted(line, from: position)
                node = YAMLNode(
                    .scalar(value, plain: false), at: location(line, itemStart, counted: &counted))
                position = end
            } else {
                guard !Self.isIndicator(byte) else { throw Unsupported() }
                itemEnd = position
                while position < line.end, bytes[position] != UInt8(ascii: ","),
                    bytes[position] != UInt8(ascii: "]")
                {
                    switch bytes[position] {
                    case UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "{"),
                        UInt8(ascii: "}"):
                        throw Unsupported()
                    case 32: break
                    default: itemEnd = position + 1
                    }
                    position += 1
                }
                node = YAMLNode(
                    .scalar(text(itemStart..<itemEnd), plain: true),
                    at: location(line, itemStart, counted: &counted))
            }
            items.append(node)
            while position < line.end, bytes[position] == 32 { position += 1 }
            guard position < line.end else { throw Unsupported() }
            if bytes[position] == UInt8(ascii: "]") {
                guard position + 1 == line.end else { throw Unsupported() }
                return items
            }
            guard bytes[position] == UInt8(ascii: ",") else { throw Unsupported() }
            position += 1
            while position < line.end, bytes[position] == 32 { position += 1 }
            // An empty item or a trailing comma.
            guard position < line.end, bytes[position] != UInt8(ascii: ","),
                bytes[position] != UInt8(ascii: "]")
            else { throw Unsupported() }
        }
        throw Unsupported()
    }

    /// A one-line quoted scalar from its opening quote: its value and the index past its closing quote.
    /// Double quotes only without escapes.
    private func quoted(_ line: Line, from start: Int) throws(Unsupported) -> (String, Int) {
        let quote = bytes[start]
        var position = start + 1
        var value: [UInt8] = []
        while position < line.end {
            let byte = bytes[position]
            if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") { throw Unsupported() }
            if byte == quote {
                guard quote == UInt8(ascii: "'"), position + 1 < line.end, bytes[position + 1] == quote else {
                    return (String(decoding: value, as: UTF8.self), position + 1)
                }
                position += 1
            }
            value.append(byte)
            position += 1
        }
        throw Unsupported()
    }
}
