import Bases
import MarkdownReader
import NoteModel

/// A `.base` file as Read leaves it: the parsed base, and a Markdown document with one heading per
/// view, so that `![[x.base#View]]` finds its view as a heading is found, and search and the
/// explorer see the base as a page. Pages draw the views (``BaseHTML``), never the document.
struct BasePage: Sendable, Hashable {
    let base: BaseFile

    /// Reads a base file into a ``SourceNote``; its problems are the file's, at their places.
    static func source(_ path: String, bytes: [UInt8], displayName: String) -> SourceNote {
        let text = String(decoding: bytes, as: UTF8.self)
        let base = BaseFile.parse(text, file: displayName)
        // Each name on a heading line of its own, its Markdown characters escaped.
        var markdown = "\n"
        for view in base.views {
            let name = view.name.replacing("\n", with: " ")
            markdown += "# " + Self.escaped(name) + "\n\n"
        }
        let utf8 = Array(markdown.utf8)
        var document = MarkdownReader.read(
            utf8: utf8, file: displayName, options: ReaderOptions(syntax: .obsidian))
        document.frontMatter = nil
        document.diagnostics = []
        return SourceNote(
            path: path, displayName: displayName, utf8: utf8, document: document,
            diagnostics: base.diagnostics, content: .base(BasePage(base: base)))
    }

    /// ASCII punctuation behind a backslash, so the heading's text is the name as written.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character.isASCII, character.isPunctuation || character.isSymbol { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The name of the view whose heading is the document's block `block` (an embed's section).
    func viewName(atBlock block: Int, in document: NoteDocument) -> String? {
        var ordinal = 0
        for (index, item) in document.blocks.enumerated() {
            guard case .heading = item.kind else { continue }
            if index == block { return ordinal < base.views.count ? base.views[ordinal].name : nil }
            ordinal += 1
        }
        return nil
    }
}
