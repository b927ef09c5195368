import Foundation
import MarkdownReader
import NoteHTML

/// `notesite render [--syntax commonmark] [--unsafe] [--smart] [FILE]`: one Markdown file to an HTML body.
struct RenderCommand {
    static let usage = """
        USAGE: notesite render [--syntax commonmark] [--unsafe] [--smart] [FILE]

        Prints the HTML body notesite makes of FILE (standard input without FILE), written from
        notesite's own model; images are not resolved, no page template is applied.

        OPTIONS:
          --syntax NAME  commonmark (the only syntax so far; GFM and Obsidian's come next)
          --unsafe       keep raw HTML and dangerous URLs, as cmark's --unsafe
          --smart        smart quotes and dashes, as cmark's --smart
          -h, --help     show this help

        """

    var file: String?
    var options: ReaderOptions

    init(_ arguments: [String]) throws(Arguments.UsageError) {
        let parsed = try Arguments(arguments, flags: ["--unsafe", "--smart"], options: ["--syntax"])
        if let syntax = parsed.options["--syntax"], syntax != "commonmark" {
            throw .init("unsupported --syntax '\(syntax)' (supported: commonmark)")
        }
        guard parsed.positionals.count <= 1 else { throw .init("expected at most one file") }
        file = parsed.positionals.first.flatMap { $0 == "-" ? nil : $0 }
        options = ReaderOptions(unsafe: parsed.has("--unsafe"), smart: parsed.has("--smart"))
    }

    func run(console: Console) -> Int32 {
        let data: Data
        if let file {
            guard let contents = FileManager.default.contents(atPath: file) else {
                console.err("notesite: error: cannot read '\(file)'\n")
                return NotesiteCLI.failure
            }
            data = contents
        } else {
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        let document = MarkdownReader.read(
            String(decoding: data, as: UTF8.self), file: file ?? "<stdin>", options: options)
        console.out(HTMLWriter(unsafe: options.unsafe).render(document))
        return NotesiteCLI.success
    }
}
