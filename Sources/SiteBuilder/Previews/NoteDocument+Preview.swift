import NoteModel

extension NoteDocument {
    /// What a link to the whole note previews: the text up to its second heading (the leading
    /// heading, usually the title, is not repeated). A note that starts with a heading and has no
    /// text before the next one shows what follows instead, headings included.
    func firstSectionPreview(limit: Int) -> NoteDocument {
        var start = 0
        if let first = blocks.first, case .heading = first.kind, first.depth == 1 { start = 1 }
        var end = start
        while end < blocks.count, !Self.startsSection(blocks[end]) { end += 1 }
        // Cleaned as far as the preview reads: a note without headings is one long section.
        var cleaned = PreviewBlocks(blocks[start..<end])
        if !cleaned.has(0) { cleaned = PreviewBlocks(blocks[start...]) }
        var part = self
        part.blocks = Self.trimmed(&cleaned, limit: limit)
        return part
    }

    /// What a link to `#anchor` previews: the heading's section without the heading (its text is
    /// returned as the title), or the block with that id; nil when no block has the anchor.
    func sectionPreview(anchor: String, limit: Int) -> (title: String?, document: NoteDocument)? {
        guard let index = blocks.firstIndex(where: { $0.anchor == anchor }) else { return nil }
        var part = section(at: index)
        var title: String?
        if case .heading = blocks[index].kind, !part.blocks.isEmpty {
            title = plainText(of: blocks[index].content ?? AttributedText())
            part.blocks.removeFirst()
        }
        var cleaned = PreviewBlocks(part.blocks[...])
        part.blocks = Self.trimmed(&cleaned, limit: limit)
        return (title, part)
    }

    private static func startsSection(_ block: Block) -> Bool {
        if case .heading = block.kind, block.depth == 1 { return true }
        if case .footnoteDefinition = block.kind { return true }
        return false
    }

    /// About `limit` characters of text from the start: blocks kept whole while they fit, the
    /// one that does not cut at a word (a code block at a line, a table at a row), the rest left
    /// out, and containers left empty by the cut removed.
    private static func trimmed(_ source: inout PreviewBlocks, limit: Int) -> [Block] {
        var kept: [Block] = []
        // As for the cleaned blocks: room for most previews at once.
        kept.reserveCapacity(8)
        var budget = limit
        var index = 0
        blocks: while source.has(index) {
            var block = source.blocks[index]
            if case .tableRow = block.kind {
                var end = index + 1
                while source.has(end), source.blocks[end].depth > block.depth { end += 1 }
                let cost = source.blocks[index..<end].reduce(0) {
                    $0 + ($1.content.map { PreviewText.characterCount($0.string) } ?? 0)
                }
                guard cost <= budget else { break blocks }
                kept += source.blocks[index..<end]
                budget -= cost
                index = end
                continue
            }
            // Counted once: characters are counted by walking them (bytes, when ASCII).
            let length = block.content.map { PreviewText.characterCount($0.string) } ?? 0
            switch block.kind {
            case .codeBlock(let info, let literal):
                let count = PreviewText.characterCount(literal)
                guard count > budget else {
                    budget -= count
                    break
                }
                guard budget >= 40 || kept.isEmpty else { break blocks }
                block.kind = .codeBlock(info: info, literal: PreviewText.lines(of: literal, within: budget))
                kept.append(block)
                break blocks
            case .math(let literal):
                let count = PreviewText.characterCount(literal)
                guard count <= budget else { break blocks }
                budget -= count
            default:
                guard let content = block.content, length > budget else { break }
                guard budget >= 40 || kept.isEmpty else { break blocks }
                block.content = content.truncated(toCharacters: max(budget, 40))
                kept.append(block)
                break blocks
            }
            budget -= length
            kept.append(block)
            index += 1
            if budget <= 0 { break }
        }
        while let last = kept.last, Self.isContainer(last.kind) { kept.removeLast() }
        return kept
    }

    /// Blocks that show nothing without children.
    private static func isContainer(_ kind: BlockKind) -> Bool {
        switch kind {
        case .list, .item, .taskItem, .blockQuote, .table, .tableRow: true
        default: false
        }
    }
}
