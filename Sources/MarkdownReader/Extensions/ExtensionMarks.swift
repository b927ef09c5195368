import NoteModel

/// What the extension passes left on cmark's tree for ``CmarkConverter``: libcmark has no node
/// types for tables or strikethrough, so those are custom nodes, named here by their pointer.
struct ExtensionMarks {
    /// Custom blocks (tables, rows, cells) and list items that are tasks.
    var blocks: [OpaquePointer: BlockKind] = [:]
    /// Custom inlines (strikethrough).
    var inlines: [OpaquePointer: InlineKind] = [:]
    /// Positions of blocks the passes made or moved (cmark's would be missing or from another parse).
    var positions: [OpaquePointer: (start: SourceLocation, end: SourceLocation)] = [:]
    /// For a footnote definition parsed on its own: add this to the lines of everything inside.
    var lineShifts: [OpaquePointer: Int] = [:]
}
