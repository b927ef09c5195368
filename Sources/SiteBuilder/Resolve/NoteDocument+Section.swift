import NoteModel

extension NoteDocument {
    /// The part of the note under one heading (found by its text, without case, or its id), up to
    /// the next heading of the same or a higher level; `^id` gives the one block with that id.
    /// An unknown heading gives the whole note.
    func section(under heading: String) -> NoteDocument {
        let wanted = heading.lowercased()
        let isBlockID = heading.hasPrefix("^")
        guard
            let start = blocks.firstIndex(where: { block in
                if isBlockID { return block.anchor == heading }
                guard case .heading = block.kind else { return false }
                return block.anchor == heading
                    || plainText(of: block.content ?? AttributedText()).lowercased() == wanted
            })
        else { return self }
        let first = blocks[start]
        var end = start + 1
        while end < blocks.count {
            let block = blocks[end]
            if block.depth <= first.depth {
                if isBlockID { break }
                if case .heading(let level) = block.kind, case .heading(let own) = first.kind, level <= own {
                    break
                }
                if block.depth < first.depth { break }
            }
            end += 1
        }
        // Blocks keep their depth relative to the document; lift them so the section starts at depth 1.
        let lift = first.depth - 1
        var section = self
        section.blocks = blocks[start..<end].map { block in
            var lifted = block
            lifted.depth -= lift
            return lifted
        }
        return section
    }
}
