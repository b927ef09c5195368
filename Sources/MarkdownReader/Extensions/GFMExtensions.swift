internal import CCmark
import NoteModel

/// GitHub's extensions, built on libcmark's tree in cmark-gfm's order: block structure (tables,
/// task items, footnote definitions) first, then inlines (strikethrough, footnote references,
/// extended autolinks).
struct GFMExtensions {
    let source: SourceText
    let file: String
    let footnotes: FootnoteScanner

    init(source: SourceText, file: String) {
        self.source = source
        self.file = file
        footnotes = FootnoteScanner(source)
    }

    /// What cmark parses: the source with footnote definitions blanked out.
    var markdown: [UInt8] { footnotes.definitions.isEmpty ? source.bytes : footnotes.rewritten }

    /// Applies the extensions to the note's tree. Free `bodies` (if any) after converting.
    func apply(_ root: OpaquePointer, flags: Int32) -> (marks: ExtensionMarks, bodies: OpaquePointer?) {
        var tables = TablePass(source: source, file: file, marks: ExtensionMarks())
        tables.run(root, flags: flags)
        var marks = tables.marks
        TaskListPass(source: source).run(root, marks: &marks)

        var footnotePass = FootnotePass(scanner: footnotes, file: file)
        footnotePass.parseBodies(flags: flags, marks: &marks)
        for (node, _) in footnotePass.definitions {
            var bodyTables = TablePass(source: footnotePass.bodySource, file: file, marks: marks)
            bodyTables.run(node, flags: flags)
            marks = bodyTables.marks
            TaskListPass(source: footnotePass.bodySource).run(node, marks: &marks)
        }
        footnotePass.place(in: root)

        StrikethroughPass().run(root, marks: &marks)
        footnotePass.resolve(root, marks: &marks)
        AutolinkPass().run(root)
        return (marks, footnotePass.bodies)
    }
}
