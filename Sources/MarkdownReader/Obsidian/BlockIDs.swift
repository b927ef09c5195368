import NoteModel

/// `text ^block-id` at the end of a paragraph names the block (kept as its anchor `^block-id`, and
/// written as its HTML id). In a list item the item gets the id; a paragraph that is nothing but
/// `^block-id` names the block before it.
enum BlockIDs {
    /// One pass, building the blocks anew with a stack of open ancestors (linear however many).
    static func apply(_ document: inout NoteDocument) {
        // Without a `^` in any paragraph there is no block id: leave the blocks uncopied.
        guard
            document.blocks.contains(where: {
                if case .paragraph = $0.kind {
                    $0.content.map { Byte.contains($0.string, UInt8(ascii: "^")) } ?? false
                } else {
                    false
                }
            })
        else { return }
        var blocks: [Block] = []
        blocks.reserveCapacity(document.blocks.count)
        /// Indices in `blocks` of the blocks enclosing the next one.
        var open: [Int] = []
        for var block in document.blocks {
            // The previous sibling is the open block at this depth, closed now.
            var previous: Int?
            while let top = open.last, blocks[top].depth >= block.depth {
                if blocks[top].depth == block.depth { previous = top }
                open.removeLast()
            }
            if case .paragraph = block.kind, let content = block.content, let (id, kept) = split(content) {
                let anchor = "^" + id
                if kept == 0 {
                    // `^id` alone names the block before it at the same depth.
                    if let previous {
                        blocks[previous].anchor = anchor
                        continue
                    }
                } else {
                    block.content = content.slice(0..<kept)
                    if let parent = open.last, case .item = blocks[parent].kind {
                        blocks[parent].anchor = anchor
                    } else {
                        block.anchor = anchor
                    }
                }
            }
            open.append(blocks.count)
            blocks.append(block)
        }
        document.blocks = blocks
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
        let ranges = content.runRanges
        guard
            kept == 0 || bytes[kept - 1] == Byte.space || bytes[kept - 1] == Byte.tab
                || bytes[kept - 1] == Byte.lf || endsEmbed(content, ranges: ranges, at: kept)
        else { return nil }
        while kept > 0, bytes[kept - 1] == Byte.space || bytes[kept - 1] == Byte.tab { kept -= 1 }
        // A line break before the id (its own line) goes with it.
        if kept > 0, let breakRun = zip(content.runs, ranges).first(where: { $0.1.upperBound == kept }),
            content.kind(of: breakRun.0) == .softBreak || content.kind(of: breakRun.0) == .lineBreak
        {
            kept = breakRun.1.lowerBound
        }
        return (id, kept)
    }

    /// Whether an embed (`![[x.png]]`, an image attachment, or `![[note]]`) ends at `offset`,
    /// where Obsidian takes an id with no space before it: `![[x.png]]^id`.
    private static func endsEmbed(_ content: AttributedText, ranges: [Range<Int>], at offset: Int) -> Bool {
        guard let index = ranges.lastIndex(where: { $0.upperBound == offset && !$0.isEmpty }) else {
            return false
        }
        let run = content.runs[index]
        if run.attachment != nil { return true }
        return content.spanStack(of: run).contains {
            if case .embed = content.spans[$0].kind { true } else { false }
        }
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || Byte.isDigit(byte)
            || byte == UInt8(ascii: "-")
    }
}
