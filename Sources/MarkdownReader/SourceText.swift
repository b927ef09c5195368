import NoteModel

/// The text cmark parses, by line: block positions index it, and ``InlineLocator`` walks it.
struct SourceText {
    let bytes: [UInt8]
    /// The one line table (lines end at LF, CR LF or CR as in cmark).
    let lines: LineTable
    /// Byte offset where each line starts (line 1 at index 0).
    var lineStarts: [Int] { lines.starts }

    init(_ markdown: String) {
        self.init(bytes: Array(markdown.utf8))
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lines = Byte.lineTable(bytes)
    }

    /// Bytes whose line table is already known (the same lines, as after an edit that keeps them).
    init(bytes: [UInt8], lines: LineTable) {
        self.bytes = bytes
        self.lines = lines
    }
}
