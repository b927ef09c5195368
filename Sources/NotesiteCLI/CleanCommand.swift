import Foundation
import SiteBuilder

/// `notesite clean --cache [VAULT]`: empties the rendition cache.
struct CleanCommand {
    static let usage = """
        USAGE: notesite clean --cache [VAULT]

        Removes the image renditions cached in VAULT's cache folder (`.notesite-cache/`, or the
        `cache:` setting). Builds fill it again; entries no build used for 30 days go by themselves.

        """

    var vault: URL

    init(_ arguments: [String]) throws(Arguments.UsageError) {
        let parsed = try Arguments(arguments, flags: ["--cache"], options: [])
        guard parsed.has("--cache") else { throw .init("say what to clean: --cache") }
        guard parsed.positionals.count <= 1 else { throw .init("expected at most one vault folder") }
        vault = URL(fileURLWithPath: parsed.positionals.first ?? ".")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: vault.path, isDirectory: &isFolder), isFolder.boolValue
        else {
            throw .init("vault '\(vault.relativePath)' is not a folder")
        }
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
