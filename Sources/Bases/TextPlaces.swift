public import NoteModel

/// Where each UTF-8 byte of an expression's text sits in the `.base` file, so a warning names the
/// file's line and column even inside a quoted or folded YAML scalar (columns in UTF-8 bytes, as a
/// note's diagnostics count them; libyaml's places count characters and are turned into bytes first).
public struct TextPlaces: Sendable, Hashable {
    public let file: String
    /// One place per byte of the text, and one for its end.
    private let places: [LineColumn]

    /// The place of byte `offset` of the text (the end for anything past it).
    public func location(at offset: Int) -> SourceLocation {
        guard let last = places.last else { return SourceLocation(file: file, line: 1, column: 1) }
        let place = offset >= 0 && offset < places.count ? places[offset] : last
        return place.location(in: file)
    }

    /// Text written on one line from `start`, byte for byte.
    public init(line start: SourceLocation, length: Int) {
        file = start.file
        places = Self.line(start, length: length)
    }

    private static func line(_ start: SourceLocation, length: Int) -> [LineColumn] {
        (0...max(0, length)).map { LineColumn(line: start.line, column: start.column + $0) }
    }

    /// The scalar `value` that YAML read from `source` starting at `start` (its opening quote or
    /// block indicator, if any). Each byte of the value is matched to the next equal byte of the
    /// source, skipping what YAML took away (quotes, escapes, indentation; a folded line break is
    /// a space); a byte without a match takes the place of the one before it.
    init(scalar value: String, at start: SourceLocation, in source: SourceLines) {
        file = start.file
        places = Self.scalar(value, at: start, in: source)
    }

    private static func scalar(_ value: String, at start: SourceLocation, in source: SourceLines)
        -> [LineColumn]
    {
        var line = start.line - 1 - source.lineOffset
        var column = start.column - 1
        let bytes = Array(value.utf8)
        guard line >= 0, line < source.lines.count, column >= 0, column <= source.lines[line].count else {
            return Self.line(start, length: bytes.count)
        }
        let first = column < source.lines[line].count ? source.lines[line][column] : 10
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): column += 1
        case UInt8(ascii: "|"), UInt8(ascii: ">"): (line, column) = (line + 1, 0)
        default: break
        }
        var result: [LineColumn] = []
        result.reserveCapacity(bytes.count + 1)
        func place(_ line: Int, _ column: Int) -> LineColumn {
            LineColumn(line: line + 1 + source.lineOffset, column: column + 1)
        }
        var previous = place(line, column)
        for byte in bytes {
            var (searchLine, searchColumn) = (line, column)
            var found = false
            for _ in 0..<64 {
                guard searchLine < source.lines.count else { break }
                let text = source.lines[searchLine]
                let here = searchColumn < text.count ? text[searchColumn] : 10
                let matches = here == byte || (here == 10 && (byte == 32 || byte == 10))
                if matches {
                    previous = place(searchLine, searchColumn)
                    (line, column) =
                        searchColumn < text.count ? (searchLine, searchColumn + 1) : (searchLine + 1, 0)
                    found = true
                    break
                }
                (searchLine, searchColumn) =
                    searchColumn < text.count ? (searchLine, searchColumn + 1) : (searchLine + 1, 0)
            }
            _ = found
            result.append(previous)
        }
        result.append(line < source.lines.count || result.isEmpty ? place(line, column) : previous)
        return result
    }
}

/// A `.base` file's text cut into lines of bytes, for `TextPlaces`.
struct SourceLines {
    var lines: [[UInt8]]
    /// Lines before the text in its file (a ```` ```base ```` block in a note).
    var lineOffset: Int

    init(_ text: String, lineOffset: Int) {
        lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { line in
            line.last == 13 ? Array(line.dropLast()) : Array(line)
        }
        self.lineOffset = lineOffset
    }

    /// A place libyaml gave (its columns count characters) with its column in UTF-8 bytes, as
    /// notesite's other diagnostics count them (cmark's): `tïtle: x` has `x` at byte column 9.
    func bytes(_ location: SourceLocation) -> SourceLocation {
        let line = location.line - 1 - lineOffset
        guard line >= 0, line < lines.count, location.column > 1 else { return location }
        var characters = 1
        var offset = 0
        let text = lines[line]
        while offset < text.count, characters < location.column {
            offset += 1
            // The next character starts at the next byte that does not continue a sequence.
            while offset < text.count, text[offset] & 0xC0 == 0x80 { offset += 1 }
            characters += 1
        }
        var moved = location
        moved.column = offset + 1 + max(0, location.column - characters)
        return moved
    }
}
