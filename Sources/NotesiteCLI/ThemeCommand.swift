import Foundation
import SiteBuilder

/// `notesite theme eject [VAULT]`: copies the default theme into the vault's theme folder.
struct ThemeCommand {
    static let spec = CommandSpec(
        "theme", summary: "`theme eject`: copy the default theme into the vault to customize it",
        operands: [.word("eject"), .folder("VAULT")],
        description: """
            Writes the default theme's templates, CSS and scripts into VAULT's theme folder (`_theme/`, \
            or the `theme:` setting), where any file overrides the built-in one of the same name. Files \
            already there are kept. The theme folder is never published.
            """)

    var vault: URL

    init(_ arguments: [String]) throws(Arguments.UsageError) {
        let parsed = try Arguments(arguments, spec: Self.spec)
        guard parsed.positionals.first == "eject" else {
            let hint = parsed.positionals.first.map { Suggestion.hint(for: $0, in: ["eject"]) } ?? ""
            throw .init("expected 'eject' (the only theme command)" + hint)
        }
        vault = try parsed.vault(at: 1)
    }

    func run(console: Console) -> Int32 {
        do {
            let (folder, written) = try ThemeEjection.eject(vault: vault)
            let path = BuildCommand.displayPath(folder)
            if written.isEmpty {
                console.err("notesite: every theme file is already in \(path); nothing written\n")
            } else {
                console.err("notesite: wrote \(written.joined(separator: ", ")) to \(path)\n")
            }
            return NotesiteCLI.success
        } catch {
            console.err("notesite: error: \(error)\n")
            return NotesiteCLI.failure
        }
    }
}
