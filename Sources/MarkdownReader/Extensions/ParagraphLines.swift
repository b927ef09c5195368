internal import CCmark

/// A paragraph's lines as cmark-gfm's block parser saw them, re-read from the source by the
/// paragraph's (reliable) block positions: the first line from the paragraph's column, the others
/// with their block-quote markers and indentation removed.
struct ContentLine {
    var bytes: ArraySlice<UInt8>
    var line: Int
    /// 1-based column of `bytes.first` in the source line.
    var column: Int
    /// A lazy continuation line: it lacks a block-quote marker or the list item's indentation.
    /// cmark-gfm starts no table on such a line, and a table's rows end before one.
    var isLazy = false
}

extension SourceText {
    /// `inItem`: whether a list item encloses the paragraph (its lines then need the paragraph's
    /// indentation); `lazyLines`: lines known to be lazy (from a footnote body).
    func contentLines(of paragraph: OpaquePointer, quoteDepth: Int, inItem: Bool, lazyLines: Set<Int> = [])
        -> [ContentLine]
    {
        let first = Int(cmark_node_get_start_line(paragraph))
        let last = Int(cmark_node_get_end_line(paragraph))
        let firstColumn = Int(cmark_node_get_start_column(paragraph))
        guard first >= 1, last >= first else { return [] }
        var lines: [ContentLine] = []
        for number in first...last {
            let raw = line(number)
            var index = raw.startIndex
            var isLazy = false
            if number == first {
                index = min(
                    raw.endIndex, raw.startIndex + max(0, Int(cmark_node_get_start_column(paragraph)) - 1))
            } else {
                var quotes = quoteDepth
                defer {
                    let contentColumn = index - raw.startIndex + 1
                    isLazy =
                        quotes > 0 || (inItem && contentColumn < firstColumn) || lazyLines.contains(number)
                }
                while index < raw.endIndex {
                    let byte = raw[index]
                    if byte == 32 || byte == 9 {
                        index += 1
                    } else if byte == UInt8(ascii: ">"), quotes > 0 {
                        quotes -= 1
                        index += 1
                    } else {
                        break
                    }
                }
            }
            lines.append(
                ContentLine(
                    bytes: raw[index...], line: number, column: index - raw.startIndex + 1, isLazy: isLazy))
        }
        return lines
    }
}
