import Foundation
import MarkdownReader
import NoteHTML

/// `notesite render [--syntax commonmark|gfm|notes] [--unsafe] [--smart] [FILE]`: one Markdown file to an HTML body.
struct RenderCommand {
    static let spec = CommandSpec(
        "render", summary: "print the HTML that notesite makes of one Markdown file",
        operands: [OperandSpec(name: "FILE", completion: .file, optional: true)],
        options: [
            OptionSpec(
                "--syntax", value: "NAME", completion: .choices(Syntax.allCases.map(\.rawValue)),
                help: """
                    commonmark: CommonMark 0.30 only; gfm: plus GitHub's tables, task lists, \
                    strikethrough, autolinks, footnotes and tag filter; notes (the default): gfm plus \
                    the syntax of notes
                    """),
            OptionSpec("--unsafe", help: "keep raw HTML and dangerous URLs, as cmark's --unsafe"),
            OptionSpec("--smart", help: "smart quotes and dashes, as cmark's --smart"),
        ],
        description: """
            Prints the HTML body notesite makes of FILE (standard input without FILE), written from \
            notesite's own model; images are not resolved, no page template is applied.
            """)

    var file: String?
    var options: ReaderOptions

    init(_ arguments: [String]) throws(Arguments.UsageError) {
        let parsed = try Arguments(arguments, spec: Self.spec)
        let name = parsed.options["--syntax"] ?? Syntax.obsidian.rawValue
        guard let syntax = Syntax(rawValue: name) else {
            throw .init(
                "unsupported --syntax '\(name)' (supported: commonmark, gfm, notes)"
                    + Suggestion.hint(for: name, in: ["commonmark", "gfm", "notes"]))
        }
        guard parsed.positionals.count <= 1 else { throw .init("expected at most one file") }
        file = parsed.positionals.first.flatMap { $0 == "-" ? nil : $0 }
        options = ReaderOptions(unsafe: parsed.has("--unsafe"), smart: parsed.has("--smart"), syntax: syntax)
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
        let writer = HTMLWriter(unsafe: options.unsafe, tagFilter: options.syntax.hasGFM)
        console.out(writer.render(document))
        // Front matter problems (`draft: maybe`) are the reader's; say them as `build` would.
        for diagnostic in document.diagnostics { console.err("\(diagnostic)\n") }
        return document.diagnostics.contains { $0.severity == .error }
            ? NotesiteCLI.failure : NotesiteCLI.success
    }
}
