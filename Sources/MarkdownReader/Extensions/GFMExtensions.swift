internal import CCmark
import NoteModel

/// GitHub's extensions, built on libcmark's tree in cmark-gfm's order: block structure (tables,
/// task items) first, then inlines (strikethrough, extended autolinks).
enum GFMExtensions {
    static func apply(_ root: OpaquePointer, source: SourceText, file: String, flags: Int32) -> ExtensionMarks
    {
        var tables = TablePass(source: source, file: file, marks: ExtensionMarks())
        tables.run(root, flags: flags)
        var marks = tables.marks
        TaskListPass(source: source).run(root, marks: &marks)
        StrikethroughPass().run(root, marks: &marks)
        AutolinkPass().run(root)
        return marks
    }
}
