internal import CCmark

/// A paragraph's lines as cmark-gfm's block parser saw them, re-read from the source by the
/// paragraph's (reliable) block positions: the first line from the paragraph's column, the others
/// with their block-quote markers and indentation removed.
struct ContentLine {
    var bytes: ArraySlice<UInt8>
    var line: Int
    /// 1-based column of `bytes.first` in the source line.
    var column: Int
}

extension SourceText {
    func contentLines(of paragraph: OpaquePointer, quoteDepth: Int) -> [ContentLine] {
        let first = Int(cmark_node_get_start_line(paragraph))
        let last = Int(cmark_node_get_end_line(paragraph))
        guard first >= 1, last >= first else { return [] }
        var lines: [ContentLine] = []
        for number in first...last {
            let raw = line(number)
            var index = raw.startIndex
            if number == first {
                index = min(
                    raw.endIndex, raw.startIndex + max(0, Int(cmark_node_get_start_column(paragraph)) - 1))
            } else {
                var quotes = quoteDepth
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
            lines.append(ContentLine(bytes: raw[index...], line: number, column: index - raw.startIndex + 1))
        }
        return lines
    }
}
