import Foundation
import SiteBuilder

/// `notesite clean --cache [VAULT]`: empties the rendition cache.
struct CleanCommand {
    static let spec = CommandSpec(
        "clean", summary: "`clean --cache`: empty the image rendition cache", operands: [.folder("VAULT")],
        options: [OptionSpec("--cache", required: true, help: "empty the image rendition cache")],
        description: """
            Removes the image renditions cached in VAULT's cache folder (`.notesite-cache/`, or the \
            `cache:` setting). Builds fill it again; entries no build used for 30 days go by themselves.
            """)

    var vault: URL

    init(_ arguments: [String]) throws(Arguments.UsageError) {
        let parsed = try Arguments(arguments, spec: Self.spec)
        guard parsed.has("--cache") else { throw .init("say what to clean: --cache") }
        vault = try parsed.vault()
    }

    func run(console: Console) -> Int32 {
        guard let folder = CacheCleaning.removeCache(vault: vault) else {
            console.err("notesite: this vault has no cache (cache: false)\n")
            return NotesiteCLI.success
        }
        console.err("notesite: emptied the cache in \(BuildCommand.displayPath(folder))\n")
        return NotesiteCLI.success
    }
}
