import JSONCanvas
import MarkdownReader
import NoteModel

/// A board as Read leaves it: the canvas model, and the Markdown that stands for its nodes. Each
/// text node's text, each file node's `![[file#subpath]]` and each group background's
/// `![[image]]` is one part of one Markdown text, read by the notes' reader as a note is: so the
/// board's links are resolved, counted as links and backlinks, searched and drawn in the graph as
/// a note's are, and Pages writes each node from its own blocks (``CanvasBoard``).
struct CanvasPage: Sendable, Hashable {
    let canvas: Canvas
    /// The Markdown's parts, in the order written.
    private(set) var parts: [Part]

    /// One node's part of the Markdown.
    struct Part: Sendable, Hashable {
        /// The node's index in `canvas.nodes`.
        let node: Int
        let role: Role
        /// The part's text and the line of the Markdown it starts on.
        let text: String
        let firstLine: Int
        /// The document's blocks written from this part (top-level blocks with their children).
        var blocks: [Range<Int>] = []
    }

    enum Role: Sendable, Hashable {
        /// A text node's own Markdown.
        case text
        /// A file node's embed.
        case file
        /// A group's background image.
        case background
    }

    /// The node parts of a node, by role.
    func part(of node: Int, _ role: Role) -> Part? {
        parts.first { $0.node == node && $0.role == role }
    }

    /// Reads a board file into a ``SourceNote`` whose document is the Markdown of its nodes.
    static func source(_ path: String, bytes: [UInt8], displayName: String) -> SourceNote {
        let canvas = Canvas.read(bytes, file: displayName)
        var diagnostics = canvas.diagnostics
        // A first empty line: a text node that starts with `---` is not the Markdown's front matter.
        var markdown = "\n"
        var line = 2
        var parts: [Part] = []
        func add(_ node: Int, _ role: Role, _ text: String) {
            var text = text
            if !text.hasSuffix("\n") { text += "\n" }
            parts.append(Part(node: node, role: role, text: text, firstLine: line))
            markdown += text + "\n"
            line += text.utf8.count { $0 == 0x0A } + 1
        }
        for (index, node) in canvas.nodes.enumerated() {
            switch node.kind {
            case .text(let text):
                add(index, .text, Self.closingFences(text.value))
            case .file(let file, let subpath):
                guard Self.canEmbed(file.value) else {
                    diagnostics.append(
                        .warning(
                            "file node '\(node.id)' names '\(file.value)', which a link cannot name ([ ] | # ^); shown as its name",
                            at: canvas.location(ofOffset: file.start - 1)))
                    continue
                }
                add(index, .file, "![[\(file.value)\(subpath.map { "#" + $0 } ?? "")]]")
            case .group(_, let background?, _) where Self.canEmbed(background):
                add(index, .background, "![[\(background)]]")
            case .group, .link:
                continue
            }
        }
        let utf8 = Array(markdown.utf8)
        var document = MarkdownReader.read(
            utf8: utf8, file: displayName, options: ReaderOptions(syntax: .obsidian))
        // The board has no front matter; its `title` is its file name.
        document.frontMatter = nil
        var page = CanvasPage(canvas: canvas, parts: parts)
        page.assignBlocks(of: document)
        diagnostics += page.located(document.diagnostics, file: displayName)
        document.diagnostics = []
        return SourceNote(
            path: path, displayName: displayName, utf8: utf8, document: document, diagnostics: diagnostics,
            content: .canvas(page))
    }

    /// Whether a vault path can be written inside `![[...]]` as it is.
    private static func canEmbed(_ path: String) -> Bool {
        !path.contains { "[]|#^\n".contains($0) }
    }

    /// The text with a fence of its own closed at its end: a code block left open in one node
    /// would otherwise run on into the next.
    private static func closingFences(_ text: String) -> String {
        var open: (character: Character, count: Int)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count < 4, let first = trimmed.first, first == "`" || first == "~"
            else {
                continue
            }
            let run = trimmed.prefix { $0 == first }.count
            guard run >= 3 else { continue }
            if let current = open {
                if first == current.character, run >= current.count,
                    trimmed.dropFirst(run).allSatisfy(\.isWhitespace)
                {
                    open = nil
                }
            } else {
                open = (first, run)
            }
        }
        guard let open else { return text }
        return text + (text.hasSuffix("\n") ? "" : "\n")
            + String(repeating: open.character, count: open.count)
    }

    /// Each top-level block, with its children, given to the part whose lines it starts on.
    private mutating func assignBlocks(of document: NoteDocument) {
        guard !parts.isEmpty else { return }
        var index = 0
        let blocks = document.blocks
        while index < blocks.count {
            var end = index + 1
            while end < blocks.count, blocks[end].depth > blocks[index].depth { end += 1 }
            let line = blocks[index].start?.line ?? 0
            if let part = parts.lastIndex(where: { $0.firstLine <= line }) {
                parts[part].blocks.append(index..<end)
            }
            index = end
        }
    }

    /// Problems the Markdown's reader and resolver found, placed in the board's file: inside a text
    /// node's string at the very character, at a file node's `file` otherwise. A file node's
    /// problem is worded for the node, not for the embed that stands for it.
    func located(_ diagnostics: [Diagnostic], file: String) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard let place = diagnostic.location, place.file == file else { return diagnostic }
            var moved = diagnostic
            moved.location = location(ofLine: place.line, column: place.column)
            if let part = parts.last(where: { $0.firstLine <= place.line }), part.role == .file,
                case .file(let path, let subpath) = canvas.nodes[part.node].kind
            {
                moved.message = Self.fileNodeMessage(
                    diagnostic.message, node: canvas.nodes[part.node].id, file: path.value, subpath: subpath)
            }
            return moved
        }
    }

    /// `embed '[[notes/a.md#Day]]' finds no heading 'Day' there` as `file node 'n1':
    /// 'notes/a.md#Day' finds no heading 'Day' there` (the resolver names the embed with or
    /// without its subpath); any other message gets the node and its file first.
    static func fileNodeMessage(_ message: String, node: String, file: String, subpath: String?) -> String {
        for written in [file + (subpath.map { "#" + $0 } ?? ""), file] {
            for prefix in ["embed '[[\(written)]]'", "'[[\(written)]]'"] where message.hasPrefix(prefix) {
                return "file node '\(node)': '\(written)'" + message.dropFirst(prefix.count)
            }
        }
        return "file node '\(node)' ('\(file)'): " + message
    }

    private func location(ofLine line: Int, column: Int) -> SourceLocation {
        guard let part = parts.last(where: { $0.firstLine <= line }) else {
            return SourceLocation(file: canvas.file, line: 1, column: 1)
        }
        let node = canvas.nodes[part.node]
        switch (part.role, node.kind) {
        case (.text, .text(let string)):
            let lines = LineTable(part.text)
            let offset = lines.offset(line: line - part.firstLine + 1, column: column)
            return canvas.location(in: string, offset: min(offset, string.value.utf8.count))
        case (.file, .file(let path, _)):
            return canvas.location(ofOffset: path.start - 1)
        default:
            return node.location
        }
    }
}
