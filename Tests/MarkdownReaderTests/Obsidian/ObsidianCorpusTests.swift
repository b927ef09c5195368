import Foundation
import MarkdownReader
import NoteHTML
import NoteModel
import Testing

/// Real documents read with Obsidian's syntax: nothing of the scan leaks (no placeholder in the
/// HTML, code and raw HTML exactly as GFM reads them), and the model round-trips.
@Suite(.enabled(if: Corpus.shouldRun, "../shared/corpora is absent: notes corpus skipped"))
struct ObsidianCorpusTests {
    @Test(
        "Real documents read with Obsidian's syntax keep code and raw HTML",
        arguments: ["hugo-docs", "rust-book"])
    func folder(_ name: String) throws {
        let files = Corpus.textFiles(name)
        #expect(files.count > 100, "expected the \(name) corpus at \(Corpus.root.path)")
        var problems: [String] = []
        for file in files {
            let markdown = try String(contentsOf: file, encoding: .utf8)
            let notes = Obsidian.read(markdown)
            let gfm = MarkdownReader.read(markdown, file: "note.md", options: ReaderOptions(syntax: .gfm))
            let decoded = try JSONDecoder().decode(NoteDocument.self, from: JSONEncoder().encode(notes))
            if decoded != notes { problems.append("\(file.lastPathComponent): model changed through JSON") }
            let html = HTMLWriter(unsafe: true).render(notes)
            if html.unicodeScalars.contains(where: { $0 == "\u{E000}" || $0 == "\u{E001}" }) {
                problems.append("\(file.lastPathComponent): a placeholder leaked into the HTML")
            }
            // Code and raw HTML blocks are exactly as GFM reads them (no front matter holds any).
            if Self.literals(notes) != Self.literals(gfm) {
                problems.append("\(file.lastPathComponent): code or HTML blocks differ from GFM's")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(10))")
    }

    static func literals(_ document: NoteDocument) -> [String] {
        document.blocks.compactMap { block in
            switch block.kind {
            case .codeBlock(_, let literal), .htmlBlock(let literal): literal
            default: nil
            }
        }
    }
}
