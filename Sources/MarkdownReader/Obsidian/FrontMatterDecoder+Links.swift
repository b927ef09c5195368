import NoteModel
import YAMLReader

extension FrontMatterDecoder {
    /// Appends the wikilinks in a text scalar's `text`, each placed where its `[[` is written.
    mutating func links(
        in node: YAMLNode, _ text: String, key: String, into found: inout [FrontMatterLink]
    ) {
        var cursor: Int?
        for case .link(var link, let written) in PropertyText.parts(text) {
            link.location = place(of: written, from: node.location, after: &cursor) ?? node.location
            found.append(FrontMatterLink(key: key, link: link))
        }
    }

    /// Where `written` is in the source, searched from the start of the line `start` is on (or
    /// from `cursor`, past the scalar's last link): nil when the scalar's text is not written as
    /// it reads (an escape in a quoted scalar), and the link is then placed at its scalar.
    private mutating func place(
        of written: Substring, from start: SourceLocation, after cursor: inout Int?
    ) -> SourceLocation? {
        let starts = lineStarts ?? Self.lineStarts(of: source)
        lineStarts = starts
        let line = start.line - firstLine
        guard starts.indices.contains(line) else { return nil }
        let needle = Array(written.utf8)
        var index = max(starts[line], cursor ?? 0)
        while index + needle.count <= source.endIndex {
            if source[index] == needle[0], source[index..<(index + needle.count)].elementsEqual(needle) {
                cursor = index + needle.count
                // The last line starting at or before the match.
                var found = line
                while found + 1 < starts.count, starts[found + 1] <= index { found += 1 }
                return SourceLocation(
                    file: start.file, line: found + firstLine, column: index - starts[found] + 1)
            }
            index += 1
        }
        return nil
    }

    private static func lineStarts(of source: ArraySlice<UInt8>) -> [Int] {
        var starts = [source.startIndex]
        for index in source.indices where source[index] == Byte.lf { starts.append(index + 1) }
        return starts
    }
}
