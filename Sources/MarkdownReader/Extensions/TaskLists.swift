internal import CCmark
import NoteModel

/// GFM task list items: an item whose line reads `- [ ] ` or `1. [x] ` from its very start (as
/// cmark-gfm scans it: so not inside a block quote) becomes a task, and the `[ ]` leaves its text.
struct TaskListPass {
    let source: SourceText

    func run(_ root: OpaquePointer, marks: inout ExtensionMarks) {
        // Most notes have no `[ ]`, `[x]` or `[X]` at all: then no item is a task, and the tree
        // is not walked for items.
        guard Self.mayHoldTask(source.bytes) else { return }
        for item in CmarkTree.nodes(root, ofType: CMARK_NODE_ITEM) {
            let lineNumber = Int(cmark_node_get_start_line(item))
            let line = source.line(lineNumber)
            guard Self.isTaskLine(line) else { continue }
            guard let paragraph = cmark_node_first_child(item),
                cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                Int(cmark_node_get_start_line(paragraph)) == lineNumber,
                let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT
            else { continue }
            let literal = CmarkTree.literal(text)
            guard literal.count >= 3, literal[0] == UInt8(ascii: "["), literal[2] == UInt8(ascii: "]"),
                [32, UInt8(ascii: "x"), UInt8(ascii: "X")].contains(literal[1])
            else { continue }
            // cmark-gfm looks for "[x]" anywhere on the line.
            let checked = Self.contains(line, "[x]") || Self.contains(line, "[X]")
            marks.setBlock(.taskItem(checked: checked), of: item)
            let rest = literal.dropFirst(3).drop { TableRowScanner.isSpaceChar($0) }
            if rest.isEmpty {
                let next = cmark_node_next(text)
                cmark_node_unlink(text)
                cmark_node_free(text)
                if let next, cmark_node_get_type(next) == CMARK_NODE_SOFTBREAK {
                    cmark_node_unlink(next)
                    cmark_node_free(next)
                }
                if cmark_node_first_child(paragraph) == nil {
                    cmark_node_unlink(paragraph)
                    cmark_node_free(paragraph)
                }
            } else {
                CmarkTree.setLiteral(text, rest)
            }
        }
    }

    /// Whether the bytes hold `[ ]`, `[x]` or `[X]`, as every task line does.
    static func mayHoldTask(_ bytes: [UInt8]) -> Bool {
        var start = 2
        while let close = Byte.firstIndex(of: UInt8(ascii: "]"), in: bytes, from: start) {
            let mark = bytes[close - 1]
            if bytes[close - 2] == UInt8(ascii: "["),
                mark == 32 || mark == UInt8(ascii: "x") || mark == UInt8(ascii: "X")
            {
                return true
            }
            start = close + 1
        }
        return false
    }

    /// `spacechar* ([*+-] | [0-9]+[.)]) spacechar+ '[' [ xX] ']' spacechar+`
    static func isTaskLine(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        func skipSpaces() -> Int {
            let start = index
            while index < line.endIndex, TableRowScanner.isSpaceChar(line[index]) { index += 1 }
            return index - start
        }
        _ = skipSpaces()
        guard index < line.endIndex else { return false }
        if [UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(line[index]) {
            index += 1
        } else {
            let digits = index
            while index < line.endIndex, (48...57).contains(line[index]) { index += 1 }
            guard index > digits, index < line.endIndex,
                line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ")")
            else { return false }
            index += 1
        }
        guard skipSpaces() > 0, index + 2 < line.endIndex, line[index] == UInt8(ascii: "["),
            [32, UInt8(ascii: "x"), UInt8(ascii: "X")].contains(line[index + 1]),
            line[index + 2] == UInt8(ascii: "]")
        else { return false }
        index += 3
        return skipSpaces() > 0
    }

    private static func contains(_ line: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let wanted = Array(needle.utf8)
        guard line.count >= wanted.count else { return false }
        var index = line.startIndex
        while index + wanted.count <= line.endIndex {
            if line[index..<index + wanted.count].elementsEqual(wanted) { return true }
            index += 1
        }
        return false
    }
}
