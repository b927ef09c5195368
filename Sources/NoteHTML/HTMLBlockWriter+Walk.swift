import NoteModel

extension HTMLBlockWriter {
    /// ``NoteDocument/walk(_:)`` over the document's blocks, each lent to the writer from the
    /// array's storage: read through the array's subscript, every block was copied (its strings
    /// and content retained) on the way in and out. The same order: entered before its children,
    /// exited after them, a block's children skipped when `willEnter` says so.
    mutating func walkBlocks() {
        let document = self.document
        document.blocks.withUnsafeBufferPointer { blocks in
            var open: [Int] = []
            var skipDeeperThan: Int?
            for index in blocks.indices {
                let depth = blocks[index].depth
                if let limit = skipDeeperThan {
                    if depth > limit { continue }
                    skipDeeperThan = nil
                }
                while let top = open.last, blocks[top].depth >= depth {
                    open.removeLast()
                    didExit(blocks[top], index: top, ancestors: open)
                }
                let descend = willEnter(blocks[index], index: index, ancestors: open)
                open.append(index)
                if !descend { skipDeeperThan = depth }
            }
            while let top = open.popLast() {
                didExit(blocks[top], index: top, ancestors: open)
            }
        }
    }
}
