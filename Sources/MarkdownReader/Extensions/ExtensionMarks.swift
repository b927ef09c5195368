internal import CCmark
import NoteModel

/// What the extension passes left on cmark's tree for ``CmarkConverter``: libcmark has no node
/// types for tables or strikethrough, so those are custom nodes, marked here.
///
/// A marked node holds its entry's index (plus one) as its cmark user data, so reading a mark is a
/// field read: the dictionaries keyed by node pointer this replaced hashed each node once or twice
/// per look, which was most of what placing a table's cells cost. Every pass of one read adds to
/// the same marks (copied along with the tree), and nothing else sets user data on its nodes.
struct ExtensionMarks {
    private struct Entry {
        /// Custom blocks (tables, rows, cells) and list items that are tasks.
        var block: BlockKind?
        /// Custom inlines (strikethrough, footnote references).
        var inline: InlineKind?
        /// Where a block the passes made or moved starts and ends (cmark's would be missing or
        /// from another parse).
        var position: (start: LineColumn, end: LineColumn)?
        /// For a footnote definition parsed on its own: add this to the lines of everything inside.
        var lineShift: Int?
    }

    private var entries: [Entry] = []
    /// How many blocks are marked.
    private(set) var blockCount = 0
    /// Whether any node has a position (most notes have no table or footnote).
    private(set) var hasPositions = false
    /// Whether any node has a line shift.
    private(set) var hasLineShifts = false
    /// Whether GFM's passes ran (so their placeholders are to be dropped).
    var isEmpty = true

    func block(of node: OpaquePointer) -> BlockKind? {
        index(of: node).flatMap { entries[$0].block }
    }

    func inline(of node: OpaquePointer) -> InlineKind? {
        index(of: node).flatMap { entries[$0].inline }
    }

    func position(of node: OpaquePointer) -> (start: LineColumn, end: LineColumn)? {
        hasPositions ? index(of: node).flatMap { entries[$0].position } : nil
    }

    func lineShift(of node: OpaquePointer) -> Int? {
        hasLineShifts ? index(of: node).flatMap { entries[$0].lineShift } : nil
    }

    mutating func setBlock(_ kind: BlockKind, of node: OpaquePointer) {
        let index = entry(for: node)
        if entries[index].block == nil { blockCount += 1 }
        entries[index].block = kind
    }

    mutating func setInline(_ kind: InlineKind, of node: OpaquePointer) {
        entries[entry(for: node)].inline = kind
    }

    mutating func setPosition(start: LineColumn, end: LineColumn, of node: OpaquePointer) {
        entries[entry(for: node)].position = (start, end)
        hasPositions = true
    }

    mutating func setLineShift(_ shift: Int, of node: OpaquePointer) {
        entries[entry(for: node)].lineShift = shift
        hasLineShifts = true
    }

    /// Room for `count` more marked nodes.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(entries.count + count)
    }

    /// The node's entry, nil when it has none (or user data these marks did not set).
    private func index(of node: OpaquePointer) -> Int? {
        guard let tag = CmarkTree.tag(of: node) else { return nil }
        let index = tag - 1
        return entries.indices.contains(index) ? index : nil
    }

    /// The node's entry, made when it has none.
    private mutating func entry(for node: OpaquePointer) -> Int {
        if let index = index(of: node) { return index }
        entries.append(Entry())
        CmarkTree.setTag(node, entries.count)
        return entries.count - 1
    }
}
