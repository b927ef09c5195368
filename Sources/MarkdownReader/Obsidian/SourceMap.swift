import NoteModel

/// Maps positions in the text cmark parsed (the notes scanner's output) back to the note's source.
struct SourceMap: Sendable {
    /// One replaced stretch: `original` in the source became `replacement` in the parsed text.
    struct Edit: Sendable {
        var original: Range<Int>
        var replacement: Range<Int>
    }

    let edits: [Edit]
    let originalLines: LineTable
    let parsedLines: LineTable

    /// The source position of a line and column that cmark reported in the parsed text; `near`,
    /// when given, is a source line at or a few before it, looked at first.
    func original(line: Int, column: Int, near: Int = 0) -> (line: Int, column: Int) {
        let offset = originalOffset(parsedLines.offset(line: line, column: column))
        return near > 0 ? originalLines.position(of: offset, near: near) : originalLines.position(of: offset)
    }

    func originalOffset(_ parsed: Int) -> Int {
        var low = 0
        var high = edits.count - 1
        var found: Edit?
        while low <= high {
            let middle = (low + high) / 2
            if edits[middle].replacement.lowerBound <= parsed {
                found = edits[middle]
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        guard let edit = found else { return parsed }
        if parsed >= edit.replacement.upperBound {
            return parsed - edit.replacement.upperBound + edit.original.upperBound
        }
        // Inside a token: its last byte stands for the construct's end, the rest for its start.
        let isLast = parsed == edit.replacement.upperBound - 1 && edit.replacement.count > 1
        return isLast ? edit.original.upperBound - 1 : edit.original.lowerBound
    }
}
