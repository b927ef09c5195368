/// A place in a note's source: 1-based line and column (columns in UTF-8 bytes, as cmark counts)
/// and the 0-based byte offset, so a range can be cut out of the source without a line table.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool { a.offset < b.offset }

    public var description: String { "\(line):\(column)" }
}

/// Where a block, inline span or image is written in its note, as swift-markdown's `Markup.range`:
/// from its first byte to just past its last (`end` is exclusive). The file is the note's, so it
/// is not repeated here; ``location(in:)`` makes the ``SourceLocation`` a diagnostic needs.
public struct SourceRange: Sendable, Hashable, Codable, CustomStringConvertible {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = max(start, end)
    }

    /// The byte offsets, for slicing the source.
    public var offsets: Range<Int> { start.offset..<end.offset }

    /// Where the range starts, named by `file`.
    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: start.line, column: start.column)
    }

    public var description: String { "\(start)-\(end)" }
}
