/// Visits a ``NoteDocument``'s blocks in pre-order, each entered before its children and exited
/// after them. The walk keeps an explicit stack, so 10,000-deep nesting is fine.
///
/// A walker gets the document's blocks as a span and the index of the block: it reads the fields
/// it needs in place. A `Block` passed by value, or borrowed from the span, was copied for every
/// call (its strings and arrays retained, then released).
public protocol BlockWalker {
    /// Called on entering `blocks[index]`; `ancestors` are the indices of the enclosing blocks,
    /// outermost first. Return false to skip the block's children.
    mutating func willEnter(_ blocks: Span<Block>, index: Int, ancestors: [Int]) -> Bool
    /// Called after the block's children.
    mutating func didExit(_ blocks: Span<Block>, index: Int, ancestors: [Int])
}

extension NoteDocument {
    /// Inlinable, so it is specialized in the walker's module.
    @inlinable
    public func walk(_ walker: inout some BlockWalker) {
        let blocks = blocks.span
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
                walker.didExit(blocks, index: top, ancestors: open)
            }
            let descend = walker.willEnter(blocks, index: index, ancestors: open)
            open.append(index)
            if !descend { skipDeeperThan = depth }
        }
        while let top = open.popLast() {
            walker.didExit(blocks, index: top, ancestors: open)
        }
    }
}
