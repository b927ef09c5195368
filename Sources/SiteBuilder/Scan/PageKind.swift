/// The kinds of vault file that become pages, told apart by their extension: a Markdown note, and
/// a JSON Canvas board, an Obsidian base. Each kind has a reader that turns its bytes into a ``SourceNote`` (Read:
/// ``NoteLoading/parse(_:bytes:displayName:)``) whose document holds the kind's text, so links,
/// backlinks, search, the graph and the explorer treat every kind alike; and, where its page is
/// not the document as written, a body of its own (Pages: ``PageBody``). A new kind is a case here,
/// a reader, and a body.
enum PageKind: Sendable, Hashable, CaseIterable {
    /// `.md`: the document is the note.
    case note
    /// `.canvas`: text nodes' Markdown in the document, the board drawn as the body (`Canvas/`).
    case canvas
    /// `.base`: its views' names as headings in the document (so `![[x.base#View]]` finds one),
    /// the views evaluated over the vault's notes as the body (`Bases/`).
    case base

    /// The extension, with its dot, in lower case.
    var fileExtension: String {
        switch self {
        case .note: ".md"
        case .canvas: ".canvas"
        case .base: ".base"
        }
    }

    /// The kind a file name or path has, by its extension in any case; nil for every other file.
    static func of(_ name: String) -> PageKind? {
        // Notes first, by bytes: the scan asks this of every file in the vault.
        if isMarkdown(name) { return .note }
        switch name.utf8.last.map({ $0 | 0x20 }) {
        case UInt8(ascii: "s"): return name.lowercased().hasSuffix(".canvas") ? .canvas : nil
        case UInt8(ascii: "e"): return name.lowercased().hasSuffix(".base") ? .base : nil
        default: return nil
        }
    }

    /// Whether a name ends in `.md`, in any case.
    static func isMarkdown(_ name: String) -> Bool {
        let tail = name.utf8.suffix(3)
        guard tail.count == 3 else { return false }
        let bytes = Array(tail)
        return bytes[0] == 0x2E && bytes[1] | 0x20 == 0x6D && bytes[2] | 0x20 == 0x64
    }

    /// A file name without its kind's extension, as a page without a title is called:
    /// `Trip.md` -> `Trip`, `Plans.canvas` -> `Plans`.
    static func stem(of name: String) -> String {
        guard let kind = of(name) else { return name }
        return String(name.dropLast(kind.fileExtension.count))
    }
}
