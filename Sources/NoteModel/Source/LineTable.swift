/// Where each line of a text starts, to turn byte offsets into 1-based lines and columns and back.
/// Lines end at LF, CR LF or CR, as cmark ends them. The one line table of notesite: the reader
/// makes ranges with it, and nothing after reading needs another.
public struct LineTable: Sendable, Hashable {
    /// The byte offset where each line starts (line 1 at index 0).
    public let starts: [Int]
    /// The text's length in bytes.
    public let count: Int

    /// The bytes' lines, read through a span of them.
    public init(_ bytes: Span<UInt8>) {
        count = bytes.count
        var starts = [0]
        var previous: UInt8 = 0
        for index in bytes.indices {
            let byte = bytes[index]
            if previous == 0x0D && byte != 0x0A { starts.append(index) }
            if byte == 0x0A { starts.append(index + 1) }
            previous = byte
        }
        if previous == 0x0D { starts.append(bytes.count) }
        self.starts = starts
    }

    public init(_ bytes: [UInt8]) { self.init(bytes.span) }

    public init(_ text: String) { self.init(text.utf8.span) }

    /// Any bytes, copied first unless they are an array or a string.
    public init(_ bytes: some Collection<UInt8>) { self.init(Array(bytes)) }

    /// A table already known: `starts` (0 first, ascending) are where the lines of a text of
    /// `count` bytes start, as the byte-reading initializers would find them (the reader finds them
    /// faster, and derives an edited text's table from its source's).
    package init(starts: [Int], count: Int) {
        self.starts = starts
        self.count = count
    }

    public var lineCount: Int { starts.count }

    /// The byte offset of a 1-based line and column, clamped to the text.
    public func offset(line: Int, column: Int) -> Int {
        let line = min(max(line, 1), starts.count)
        return min(max(starts[line - 1] + column - 1, 0), count)
    }

    /// The 1-based line and column of a byte offset.
    public func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    /// ``position(of:)``, looking first at `line` and the few lines after it: offsets asked in
    /// the order they are written (a note's inline ranges) are nearly always there.
    public func position(of offset: Int, near line: Int) -> (line: Int, column: Int) {
        var index = line - 1
        guard index >= 0, index < starts.count, starts[index] <= offset else { return position(of: offset) }
        let last = min(starts.count - 1, index + 4)
        while index < last, starts[index + 1] <= offset { index += 1 }
        guard index == starts.count - 1 || starts[index + 1] > offset else { return position(of: offset) }
        return (index + 1, offset - starts[index] + 1)
    }

    /// The full position of a byte offset (clamped to the text).
    public func sourcePosition(of offset: Int, near line: Int = 0) -> SourcePosition {
        let offset = min(max(offset, 0), count)
        let (line, column) = line > 0 ? position(of: offset, near: line) : position(of: offset)
        return SourcePosition(line: line, column: column, offset: offset)
    }

    /// The range between two byte offsets; `line`, when given, is where to look first for the start.
    public func range(_ offsets: Range<Int>, near line: Int = 0) -> SourceRange {
        let start = sourcePosition(of: offsets.lowerBound, near: line)
        // The end is nearly always on the start's line or a few after: step there rather than
        // search the whole table again.
        let end = min(max(offsets.upperBound, start.offset), count)
        var line = start.line
        while line < starts.count, starts[line] <= end, line - start.line < 8 { line += 1 }
        guard line == starts.count || starts[line] > end else {
            return SourceRange(start: start, end: sourcePosition(of: end))
        }
        return SourceRange(
            start: start, end: SourcePosition(line: line, column: end - starts[line - 1] + 1, offset: end))
    }

    /// The byte offset where a line ends, before its line ending (1-based; the text's end past it).
    public func contentEnd(ofLine line: Int, in bytes: [UInt8]) -> Int {
        guard line >= 1, line <= starts.count else { return count }
        var end = line < starts.count ? starts[line] : count
        while end > starts[line - 1], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }
}
