import NoteModel

/// The line starts of the text cmark parses, made from the note's own while the notes source puts
/// the text together: its lines are the note's, less those that start inside a replaced construct,
/// plus the blank lines a front matter leaves. Scanning the finished text for its line feeds again
/// was most of what its line table cost. For notes whose lines end with LF alone.
struct ParsedLineStarts {
    private let original: [Int]
    /// The next of the note's line starts to place (line 1's, at 0, is every text's).
    private var next = 1
    private(set) var starts: [Int] = [0]

    init(original: LineTable) {
        self.original = original.starts
        starts.reserveCapacity(original.starts.count)
    }

    /// The note's bytes in `range` were copied to the parsed text at `offset`: the lines whose
    /// line feed is among them start there too. Ranges come in order; the lines of the note
    /// between them (inside a replaced construct) are left out.
    mutating func copied(_ range: Range<Int>, to offset: Int) {
        while next < original.count, original[next] <= range.upperBound {
            if original[next] > range.lowerBound { starts.append(original[next] - range.lowerBound + offset) }
            next += 1
        }
    }

    /// `count` line feeds were written to the parsed text at `offset` (a front matter's lines).
    mutating func lineFeeds(_ count: Int, at offset: Int) {
        guard count > 0 else { return }
        for index in 1...count { starts.append(offset + index) }
    }
}
