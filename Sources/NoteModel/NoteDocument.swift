/// A parsed note: a tree of blocks plus the image attachments its inline text refers to.
///
/// The tree is stored flat, in pre-order, each block carrying its depth, so that `Codable`,
/// `Hashable` and deallocation never recurse however deep the note nests (10,000 levels is fine).
/// Walk it with ``NoteDocument/walk(_:)`` and a ``BlockWalker``.
public struct NoteDocument: Sendable, Hashable, Codable {
    /// Every block in pre-order; a block's children follow it with `depth + 1`.
    public var blocks: [Block]
    /// Every image attachment in document order (pre-order; nested ones inside alt text included).
    /// An attachment run in an ``AttributedText`` refers to its index here.
    public var imageAttachments: [ImageAttachment]
    /// The YAML front matter (Obsidian's syntax only), nil when the note has none or it is invalid.
    public var frontMatter: FrontMatter?
    /// Problems found while reading (invalid front matter...), for the site builder to report.
    public var diagnostics: [Diagnostic]

    public init(
        blocks: [Block] = [], imageAttachments: [ImageAttachment] = [], frontMatter: FrontMatter? = nil,
        diagnostics: [Diagnostic] = []
    ) {
        self.blocks = blocks
        self.imageAttachments = imageAttachments
        self.frontMatter = frontMatter
        self.diagnostics = diagnostics
    }
}
