internal import CCmark
import NoteModel

/// GitHub's extensions, built on libcmark's tree in cmark-gfm's order: block structure (tables,
/// task items, footnote definitions) first, then inlines (strikethrough, footnote references,
/// extended autolinks).
struct GFMExtensions {
    let source: SourceText
    let footnotes: FootnoteScanner
    /// Whether any one character in `- [?]` is a task's state (Obsidian's syntax).
    var anyTaskState = false

    /// `source` is the note's source; the passes read it with escaped tildes marked (same
    /// length, same lines, so its line table stays).
    init(source: SourceText) {
        self.source = SourceText(bytes: EscapedTildes.mark(source.bytes), lines: source.lines)
        footnotes = FootnoteScanner(source)
    }

    /// What cmark parses: the source with footnote definitions blanked out.
    var markdown: [UInt8] { footnotes.definitions.isEmpty ? source.bytes : footnotes.rewritten }

    /// Applies the extensions to the note's tree. Free `bodies` (if any) after converting.
    func apply(_ root: OpaquePointer, flags: Int32) -> (marks: ExtensionMarks, bodies: OpaquePointer?) {
        var tables = TablePass(source: source, marks: ExtensionMarks())
        // cmark parsed the source itself unless footnote definitions were cut out of it.
        tables.rootParsesSource = footnotes.definitions.isEmpty
        tables.run(root, flags: flags)
        var marks = tables.marks
        marks.isEmpty = false
        TaskListPass(source: source, anyState: anyTaskState).run(root, marks: &marks)

        var footnotePass = FootnotePass(scanner: footnotes)
        footnotePass.parseBodies(flags: flags, marks: &marks)
        for (node, _) in footnotePass.definitions {
            var bodyTables = TablePass(source: footnotePass.bodySource, marks: marks)
            bodyTables.run(node, flags: flags)
            marks = bodyTables.marks
            TaskListPass(source: footnotePass.bodySource, anyState: anyTaskState).run(node, marks: &marks)
        }
        footnotePass.place(in: root)

        // Text holds a `~` or `@` only where the source does, or an entity decoded to one.
        let mayHaveEntities = Byte.contains(source.bytes, UInt8(ascii: "&"))
        if mayHaveEntities || Byte.contains(source.bytes, UInt8(ascii: "~")) {
            StrikethroughPass().run(root, marks: &marks)
        }
        footnotePass.resolve(root, marks: &marks)
        let urls = AutolinkPass.mayHoldURL(source.bytes)
        let emails = mayHaveEntities || Byte.contains(source.bytes, UInt8(ascii: "@"))
        // Unmatched `~` runs were split off: rejoin the text so a URL reads on through them (with
        // neither a URL nor an address to look for, split text converts as joined text would).
        if urls || emails { cmark_consolidate_text_nodes(root) }
        AutolinkPass().run(root, urls: urls, emails: emails)
        return (marks, footnotePass.bodies)
    }
}
