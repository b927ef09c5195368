import Foundation
import SiteBuilder

/// `notesite init [DIR] [--force]`: a new vault to start from.
struct InitCommand {
    static let spec = CommandSpec(
        "init", summary: "make a new vault: a welcome note, a picture, every setting",
        operands: [.folder("DIR")],
        options: [
            OptionSpec(
                "--force", help: "add the files to a folder that is not empty (files already there are kept)")
        ],
        description: """
            Makes a new vault in DIR (default: the current folder; made if missing): a welcome note \
            with a picture, notesite.yml with every setting commented out, and a .gitignore for the \
            built site and the image cache. Then: notesite build DIR
            """)

    var folder: URL
    var force: Bool

    init(_ arguments: [String]) throws(Arguments.UsageError) {
        let parsed = try Arguments(arguments, spec: Self.spec)
        guard parsed.positionals.count <= 1 else {
            throw .init("expected at most one folder, got \(parsed.positionals.count)")
        }
        folder = URL(fileURLWithPath: parsed.positionals.first ?? ".")
        force = parsed.has("--force")
    }

    func run(console: Console) -> Int32 {
        do {
            let (written, kept) = try VaultTemplate.create(in: folder, force: force)
            let path = BuildCommand.displayPath(folder.standardizedFileURL)
            if !kept.isEmpty {
                console.err("notesite: kept the existing \(kept.joined(separator: ", "))\n")
            }
            console.err("notesite: wrote \(written.joined(separator: ", ")) in \(path)\n")
            console.err("notesite: next: notesite build \(path)  (or notesite serve \(path))\n")
            return NotesiteCLI.success
        } catch {
            console.err("notesite: error: \(FlagHints.text(for: error))\n")
            if case .notEmpty = error { return NotesiteCLI.usageError }
            return NotesiteCLI.failure
        }
    }
}
