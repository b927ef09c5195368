import NoteModel

extension NoteDocument {
    /// The document with only the blocks in `ranges` (each a top-level block with its children),
    /// in order: one node of a board (``CanvasPage/Part``). Image attachments stay as they are, so
    /// the blocks' attachment runs still find theirs.
    func keeping(_ ranges: [Range<Int>]) -> NoteDocument {
        var part = self
        part.blocks = ranges.flatMap { blocks[$0.clamped(to: blocks.indices)] }
        return part
    }
}
