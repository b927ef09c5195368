/// One block of a ``NoteDocument``, stored flat: its children are the blocks after it with a
/// greater depth, up to the next block whose depth is not greater.
public struct Block: Sendable, Hashable, Codable {
    public var kind: BlockKind
    /// 1 for a child of the document, 2 for a grandchild, and so on.
    public var depth: Int
    /// Where the block starts in the source. The file is the note's, so it is not kept here: a
    /// file name in every block was two reference counts more on each copy of a block.
    public var start: LineColumn?
    /// Where the block ends in the source (the last character's line and column).
    public var end: LineColumn?
    /// Where the block is written, from its first byte to just past its last.
    public var range: SourceRange?
    /// The inline content of a paragraph or heading; nil for other blocks, except an HTML block of
    /// Obsidian's syntax holding `<img>` tags: then one attachment run per image.
    public var content: AttributedText?
    /// The HTML id (Obsidian's syntax): a heading's slug, or `^id` for a block id.
    public var anchor: String?

    /// Inlinable, so a reader's `append(Block(...))` builds the block in the array's storage
    /// rather than in a temporary that is copied there and destroyed.
    @inlinable
    public init(
        _ kind: BlockKind, depth: Int, start: LineColumn? = nil, end: LineColumn? = nil,
        content: AttributedText? = nil
    ) {
        self.kind = kind
        self.depth = depth
        self.start = start
        self.end = end
        self.content = content
    }

    /// Where the block starts, named by the note's `file` (for a diagnostic).
    public func location(in file: String) -> SourceLocation? {
        start?.location(in: file)
    }
}
