/// cmark-gfm's table row grammar on one line's bytes (the line without its ending).
///
/// A row is `|? cell (| cell)* |?`; a cell runs to the next pipe that is not `\|`. The delimiter row
/// holds only `:?-+:?` markers. Everything is one forward scan, so a 10,000-column row is linear.
enum TableRowScanner {
    struct Cell {
        /// The cell's text: `\|` unescaped, surrounding whitespace trimmed.
        var text: [UInt8]
        /// Byte offset of the cell (before trimming) in the line.
        var offset: Int
        /// The cell's bytes in the line without the whitespace around them (its source range).
        var content: Range<Int>
    }

    private static let pipe = UInt8(ascii: "|")
    private static let backslash = UInt8(ascii: "\\")

    /// cmark-gfm's `spacechar`: space, tab, vertical tab, form feed.
    static func isSpaceChar(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 11 || byte == 12
    }

    /// The cells of a row, or nil when the line is not one (no cell at all).
    static func cells(_ line: ArraySlice<UInt8>) -> [Cell]? {
        let bytes = line.span
        let end = bytes.count
        guard end > 0 else { return nil }
        var cells: [Cell] = []
        cells.reserveCapacity(8)
        var offset = pipeEnd(bytes, 0)
        while offset < end {
            let cellEnd = cellEnd(bytes, offset)
            let pipeLength = pipeEnd(bytes, cellEnd) - cellEnd
            if cellEnd > offset || pipeLength > 0 {
                var first = offset
                var last = cellEnd
                while first < last, isSpaceChar(bytes[first]) { first += 1 }
                while last > first, isSpaceChar(bytes[last - 1]) { last -= 1 }
                cells.append(
                    Cell(
                        text: unescapedTrimmed(line, offset..<cellEnd), offset: offset, content: first..<last
                    ))
            }
            offset = cellEnd + pipeLength
            if pipeLength == 0 {
                // The rest must be spacing up to the line's end.
                while offset < end, isSpaceChar(bytes[offset]) { offset += 1 }
                if offset != end { return nil }
            }
        }
        return cells.isEmpty ? nil : cells
    }

    /// The column alignments when the line is a delimiter row (`| :-- | --: |`), else nil.
    static func delimiterRow(_ line: ArraySlice<UInt8>) -> [TableMarker]? {
        let bytes = Array(line)
        var index = 0
        var markers: [TableMarker] = []
        if index < bytes.count, bytes[index] == pipe { index += 1 }
        while true {
            guard let (marker, next) = scanMarker(bytes, index) else { return nil }
            markers.append(marker)
            index = next
            guard index < bytes.count, bytes[index] == pipe else { break }
            index += 1
            if scanMarker(bytes, index) == nil {
                // A trailing pipe: only spacing may follow.
                while index < bytes.count, isSpaceChar(bytes[index]) { index += 1 }
                return index == bytes.count ? markers : nil
            }
        }
        while index < bytes.count, isSpaceChar(bytes[index]) { index += 1 }
        return index == bytes.count ? markers : nil
    }

    enum TableMarker {
        case none, left, center, right
    }

    /// `spacechar* :? -+ :? spacechar*`
    private static func scanMarker(_ bytes: [UInt8], _ start: Int) -> (TableMarker, Int)? {
        var index = start
        while index < bytes.count, isSpaceChar(bytes[index]) { index += 1 }
        let leftColon = index < bytes.count && bytes[index] == UInt8(ascii: ":")
        if leftColon { index += 1 }
        let dashes = index
        while index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index > dashes else { return nil }
        let rightColon = index < bytes.count && bytes[index] == UInt8(ascii: ":")
        if rightColon { index += 1 }
        while index < bytes.count, isSpaceChar(bytes[index]) { index += 1 }
        let marker: TableMarker =
            switch (leftColon, rightColon) {
            case (true, true): .center
            case (true, false): .left
            case (false, true): .right
            case (false, false): .none
            }
        return (marker, index)
    }

    /// `| spacechar*` at `start`: the offset after it, or `start`.
    private static func pipeEnd(_ bytes: Span<UInt8>, _ start: Int) -> Int {
        guard start < bytes.count, bytes[start] == pipe else { return start }
        var index = start + 1
        while index < bytes.count, isSpaceChar(bytes[index]) { index += 1 }
        return index
    }

    /// The end of `(\| | [^|\0\r\n])*` from `start`.
    private static func cellEnd(_ bytes: Span<UInt8>, _ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == backslash, index + 1 < bytes.count, bytes[index + 1] == pipe {
                index += 2
            } else if byte == pipe || byte == 0 || byte == 13 || byte == 10 {
                break
            } else {
                index += 1
            }
        }
        return index
    }

    /// cmark-gfm's `unescape_pipes` then `cmark_strbuf_trim`, in one copy: trimming first gives the
    /// same bytes, since an escape (`\|`) is never whitespace and unescaping makes none.
    static func unescapedTrimmed(_ line: ArraySlice<UInt8>) -> [UInt8] {
        unescapedTrimmed(line, 0..<line.count)
    }

    /// ``unescapedTrimmed(_:)`` of the bytes at `range` (offsets from the line's start).
    private static func unescapedTrimmed(_ line: ArraySlice<UInt8>, _ range: Range<Int>) -> [UInt8] {
        let bytes = line.span
        let isSpace = { (byte: UInt8) in byte == 32 || (9...13).contains(byte) }
        var first = range.lowerBound
        var end = range.upperBound
        while first < end, isSpace(bytes[first]) { first += 1 }
        while end > first, isSpace(bytes[end - 1]) { end -= 1 }
        guard first < end else { return [] }
        // Nearly every cell has no backslash: its bytes in one copy, not appended one by one.
        guard (first..<end).contains(where: { bytes[$0] == backslash }) else {
            return Array(line[(line.startIndex + first)..<(line.startIndex + end)])
        }
        var out: [UInt8] = []
        out.reserveCapacity(end - first)
        var index = first
        while index < end {
            if bytes[index] == backslash, index + 1 < end, bytes[index + 1] == pipe {
                index += 1
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }
}
