/// The raw source by line, to check and correct cmark's inline positions for images.
///
/// cmark's inline source positions drift: after a backslash hard break or a link title spanning
/// lines the line is one short, and on indented or lazy continuation lines the column is off.
/// Block positions are reliable, so an image's `!` is looked up inside its block's lines.
struct SourceText {
    struct Position: Comparable {
        var line: Int
        var column: Int

        static func < (a: Position, b: Position) -> Bool {
            (a.line, a.column) < (b.line, b.column)
        }
    }

    let bytes: [UInt8]
    /// Byte offset where each line starts (line 1 at index 0); lines end at LF, CR LF or CR as in cmark.
    let lineStarts: [Int]

    init(_ markdown: String) {
        bytes = Array(markdown.utf8)
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") {
                index += 1
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    /// Whether an image (`![`) starts at the position.
    func isImageStart(_ position: Position) -> Bool {
        guard let offset = offset(of: position), offset + 1 < bytes.count else { return false }
        return bytes[offset] == UInt8(ascii: "!") && bytes[offset + 1] == UInt8(ascii: "[")
    }

    /// The first `![` at or after `start`, on lines up to `lastLine`.
    func firstImageStart(from start: Position, through lastLine: Int) -> Position? {
        var line = max(start.line, 1)
        var column = max(start.column, 1)
        while line <= min(lastLine, lineStarts.count) {
            let lineEnd = line < lineStarts.count ? lineStarts[line] : bytes.count
            var offset = lineStarts[line - 1] + column - 1
            while offset + 1 < lineEnd {
                if bytes[offset] == UInt8(ascii: "!") && bytes[offset + 1] == UInt8(ascii: "[") {
                    return Position(line: line, column: offset - lineStarts[line - 1] + 1)
                }
                offset += 1
            }
            line += 1
            column = 1
        }
        return nil
    }

    private func offset(of position: Position) -> Int? {
        guard position.line >= 1, position.line <= lineStarts.count, position.column >= 1 else { return nil }
        let offset = lineStarts[position.line - 1] + position.column - 1
        let lineEnd = position.line < lineStarts.count ? lineStarts[position.line] : bytes.count
        return offset < lineEnd ? offset : nil
    }
}
