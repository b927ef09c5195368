import NoteModel

/// `text ^block-id` at the end of a paragraph names the block (kept as its anchor `^block-id`, and
/// written as its HTML id). In a list item the item gets the id; a paragraph that is nothing but
/// `^block-id` names the block before it.
enum BlockIDs {
    static func apply(_ document: inout NoteDocument) {
        var index = 0
        while index < document.blocks.count {
            defer { index += 1 }
            guard case .paragraph = document.blocks[index].kind, let content = document.blocks[index].content,
                let (id, kept) = split(content)
            else { continue }
            let anchor = "^" + id
            let depth = document.blocks[index].depth
            if kept == 0 {
                guard let previous = previousSibling(index, in: document) else { continue }
                document.blocks[previous].anchor = anchor
                document.blocks.remove(at: index)
                index -= 1
                continue
            }
            document.blocks[index].content = content.slice(0..<kept)
            if let parent = document.parent(of: index), case .item = document.blocks[parent].kind,
                document.blocks[parent].depth == depth - 1
            {
                document.blocks[parent].anchor = anchor
            } else {
                document.blocks[index].anchor = anchor
            }
        }
    }

    /// The id, and how many bytes of the text stay (trailing spaces and a line break before the id
    /// go too), when the text ends with ` ^id` in plain text.
    static func split(_ content: AttributedText) -> (id: String, kept: Int)? {
        guard let last = content.runs.last, last.span == nil, last.attachment == nil else { return nil }
        let bytes = Array(content.string.utf8)
        var start = bytes.count
        while start > 0, isIDByte(bytes[start - 1]) { start -= 1 }
        guard start < bytes.count, start > 0, bytes[start - 1] == UInt8(ascii: "^"),
            bytes.count - (start - 1) <= last.length
        else { return nil }
        let id = String(decoding: bytes[start...], as: UTF8.self)
        var kept = start - 1
        guard kept == 0 || bytes[kept - 1] == Byte.space || bytes[kept - 1] == Byte.tab
            || bytes[kept - 1] == Byte.lf
        else { return nil }
        while kept > 0, bytes[kept - 1] == Byte.space || bytes[kept - 1] == Byte.tab { kept -= 1 }
        // A line break before the id (its own line) goes with it.
        let ranges = content.runRanges
        if kept > 0, let breakRun = zip(content.runs, ranges).first(where: { $0.1.upperBound == kept }),
            content.kind(of: breakRun.0) == .softBreak || content.kind(of: breakRun.0) == .lineBreak
        {
            kept = breakRun.1.lowerBound
        }
        return (id, kept)
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || Byte.isDigit(byte)
            || byte == UInt8(ascii: "-")
    }

    private static func previousSibling(_ index: Int, in document: NoteDocument) -> Int? {
        let depth = document.blocks[index].depth
        var cursor = index - 1
        while cursor >= 0 {
            if document.blocks[cursor].depth == depth { return cursor }
            if document.blocks[cursor].depth < depth { return nil }
            cursor -= 1
        }
        return nil
    }
}
