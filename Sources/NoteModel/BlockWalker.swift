/// Visits a ``NoteDocument``'s blocks in pre-order, each entered before its children and exited
/// after them. The walk keeps an explicit stack, so 10,000-deep nesting is fine.
///
/// Each block is borrowed, not copied: a `Block` passed by value was copied for every call (its
/// strings and arrays retained, then released), whatever the walk read it from.
public protocol BlockWalker {
    /// Called on entering `block` (at `index` in ``NoteDocument/blocks``); `ancestors` are the indices
    /// of the enclosing blocks, outermost first. Return false to skip the block's children.
    mutating func willEnter(_ block: borrowing Block, index: Int, ancestors: [Int]) -> Bool
    /// Called after the block's children.
    mutating func didExit(_ block: borrowing Block, index: Int, ancestors: [Int])
}

extension NoteDocument {
    /// Inlinable, so it is specialized in the walker's module; blocks are read through a span of
    /// the array this document holds, which the walk cannot change, so each is lent, not copied.
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
                walker.didExit(blocks[top], index: top, ancestors: open)
            }
            let descend = walker.willEnter(blocks[index], index: index, ancestors: open)
            open.append(index)
            if !descend { skipDeeperThan = depth }
        }
        while let top = open.popLast() {
            walker.didExit(blocks[top], index: top, ancestors: open)
        }
    }
}
