import NoteModel

/// Blocks of a note without what a preview in another page cannot show: ids (the page has its
/// own), footnotes and references to them, raw HTML. Cleaned one at a time as the preview reads
/// them: a preview shows about a paragraph, and cleaning a whole long note first (often one
/// section) was most of the previews' time.
struct PreviewBlocks {
    private let raw: ArraySlice<Block>
    private var next: Int
    /// The depth under a left-out block whose children are left out with it.
    private var skippingBelow: Int?
    /// The blocks cleaned so far.
    private(set) var blocks: [Block] = []

    init(_ raw: ArraySlice<Block>) {
        self.raw = raw
        next = raw.startIndex
        // Room for what a preview reads in most notes: growing from one block took four copies.
        blocks.reserveCapacity(min(raw.count, 8))
    }

    /// Whether there is a cleaned block at `index`, cleaning more of them when needed.
    mutating func has(_ index: Int) -> Bool {
        while blocks.count <= index, next < raw.endIndex { cleanNext() }
        return index < blocks.count
    }

    private mutating func cleanNext() {
        var block = raw[next]
        next += 1
        if let depth = skippingBelow {
            if block.depth > depth { return }
            skippingBelow = nil
        }
        switch block.kind {
        case .footnoteDefinition, .htmlBlock:
            skippingBelow = block.depth
            return
        default: break
        }
        block.anchor = nil
        if let content = block.content {
            block.content = content.removingRuns { run in
                content.isInside(run) { kind in
                    switch kind {
                    case .footnoteReference, .html: true
                    default: false
                    }
                }
            }
        }
        blocks.append(block)
    }
}
