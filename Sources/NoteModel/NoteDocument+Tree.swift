extension NoteDocument {
    /// Indices of the children of the block at `index`, or of the document when `index` is nil.
    public func children(of index: Int?) -> [Int] {
        let depth = index.map { blocks.indices.contains($0) ? blocks[$0].depth : Int.max } ?? 0
        var result: [Int] = []
        var cursor = (index ?? -1) + 1
        while cursor < blocks.count, blocks[cursor].depth > depth {
            if blocks[cursor].depth == depth + 1 { result.append(cursor) }
            cursor += 1
        }
        return result
    }

    /// The index of the block's parent, nil for a child of the document.
    public func parent(of index: Int) -> Int? {
        guard blocks.indices.contains(index) else { return nil }
        let depth = blocks[index].depth
        var cursor = index - 1
        while cursor >= 0 {
            if blocks[cursor].depth < depth { return cursor }
            cursor -= 1
        }
        return nil
    }
}
