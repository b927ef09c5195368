import NoteModel

extension NoteDocument {
    /// The part of the note a link's fragment found (see ``NoteOutline``): for a heading, it and
    /// what follows up to the next heading of the same or a higher level (or the end of its
    /// container); for a block with an id, that block with what it contains.
    func section(at start: Int) -> NoteDocument {
        guard blocks.indices.contains(start) else { return self }
        let first = blocks[start]
        var end = start + 1
        while end < blocks.count {
            let block = blocks[end]
            if block.depth <= first.depth {
                guard case .heading(let own) = first.kind, block.depth == first.depth else { break }
                if case .heading(let level) = block.kind, level <= own { break }
            }
            end += 1
        }
        // A list item alone is placed in a list like its own, numbered as it was.
        var range = Array(blocks[start..<end])
        if let parent = parent(of: start), case .list(var style) = blocks[parent].kind {
            if style.kind == .ordered {
                style.start += children(of: parent).firstIndex(of: start) ?? 0
            }
            var list = blocks[parent]
            list.kind = .list(style)
            list.anchor = nil
            range.insert(list, at: 0)
        }
        // Blocks keep their depth relative to the document; lift them so the section starts at depth 1.
        let lift = range[0].depth - 1
        var section = self
        section.blocks = range.map { block in
            var lifted = block
            lifted.depth -= lift
            return lifted
        }
        return section
    }

    /// The note with every id given a prefix, so that a copy of it placed in another page (or
    /// in its own) adds no id that page already has.
    func prefixingIDs(with prefix: String) -> NoteDocument {
        var copy = self
        for index in copy.blocks.indices {
            if let anchor = copy.blocks[index].anchor { copy.blocks[index].anchor = prefix + anchor }
        }
        return copy
    }
}
