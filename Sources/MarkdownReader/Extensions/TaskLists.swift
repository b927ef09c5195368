internal import CCmark
import NoteModel

/// GFM task list items: an item whose line reads `- [ ] ` or `1. [x] ` from its very start (as
/// cmark-gfm scans it: so not inside a block quote) becomes a task, and the `[ ]` leaves its text.
/// With `anyState` (Obsidian's syntax), any one character between the brackets is a task's state,
/// as in Obsidian: `- [?] question`, `- [/] half done`.
struct TaskListPass {
    let source: SourceText
    var anyState = false

    func run(_ root: OpaquePointer, marks: inout ExtensionMarks) {
        // Most notes have no `[ ]`, `[x]` or `[X]` at all: then no item is a task, and the tree
        // is not walked for items.
        guard Self.mayHoldTask(source.bytes, anyState: anyState) else { return }
        for item in CmarkTree.nodes(root, ofType: CMARK_NODE_ITEM) {
            let lineNumber = Int(cmark_node_get_start_line(item))
            let line = source.line(lineNumber)
            guard Self.isTaskLine(line, anyState: anyState) else { continue }
            guard let paragraph = cmark_node_first_child(item),
                cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                Int(cmark_node_get_start_line(paragraph)) == lineNumber,
                let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT
            else { continue }
            let literal = CmarkTree.literal(text)
            guard let length = Self.stateLength(literal, from: 0, anyState: anyState) else { continue }
            if anyState {
                let state = String(decoding: literal[1..<1 + length], as: UTF8.self)
                marks.setBlock(.taskItem(checked: state != " ", state: state), of: item)
            } else {
                // cmark-gfm looks for "[x]" anywhere on the line.
                let checked = Self.contains(line, "[x]") || Self.contains(line, "[X]")
                marks.setBlock(.taskItem(checked: checked), of: item)
            }
            let rest = literal.dropFirst(2 + length).drop { TableRowScanner.isSpaceChar($0) }
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

    /// Whether the bytes hold `[ ]`, `[x]` or `[X]` (with `anyState`, `[` one character `]`), as
    /// every task line does.
    static func mayHoldTask(_ bytes: [UInt8], anyState: Bool = false) -> Bool {
        var start = 2
        while let close = Byte.firstIndex(of: UInt8(ascii: "]"), in: bytes, from: start) {
            // A state is at most four bytes (one scalar's UTF-8).
            for open in max(0, close - 5)...(close - 2) where bytes[open] == UInt8(ascii: "[") {
                if stateLength(bytes, from: open, anyState: anyState) != nil { return true }
            }
            start = close + 1
        }
        return false
    }

    /// The byte length of the state in a `[ ]` at `open` in `bytes` (`[ ]`, `[x]`, `[X]`; with
    /// `anyState` also one other scalar but a bracket or a control character), or nil.
    static func stateLength<C: RandomAccessCollection<UInt8>>(_ bytes: C, from open: C.Index, anyState: Bool)
        -> Int?
    where C.Index == Int {
        guard open + 2 < bytes.endIndex, bytes[open] == UInt8(ascii: "[") else { return nil }
        let first = bytes[open + 1]
        if first == 32 || first == UInt8(ascii: "x") || first == UInt8(ascii: "X") {
            return bytes[open + 2] == UInt8(ascii: "]") ? 1 : nil
        }
        guard anyState, first > 32, first != 0x7F, first != UInt8(ascii: "["), first != UInt8(ascii: "]")
        else { return nil }
        // One scalar: an ASCII byte, or a lead byte and its continuation bytes.
        let length: Int
        switch first {
        case 0x21..<0x80: length = 1
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return nil
        }
        guard open + 1 + length < bytes.endIndex, bytes[open + 1 + length] == UInt8(ascii: "]") else {
            return nil
        }
        for index in open + 2..<open + 1 + length where bytes[index] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// `spacechar* ([*+-] | [0-9]+[.)]) spacechar+ '[' [ xX] ']' spacechar+` (with `anyState`,
    /// any one state between the brackets)
    static func isTaskLine(_ line: ArraySlice<UInt8>, anyState: Bool = false) -> Bool {
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
        guard skipSpaces() > 0, let length = stateLength(line, from: index, anyState: anyState) else {
            return false
        }
        index += 2 + length
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
