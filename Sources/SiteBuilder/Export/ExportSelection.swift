import Foundation

/// Which published notes go into the file: the one note, every note in the folder, or every note of
/// the vault; the first is the one the file opens on (the home page, else the first by page path).
struct ExportSelection: Sendable, Equatable {
    var notes: [PublishedNote]
    /// Whether the subject was a single note (no explorer, no search: the file is that note).
    var isSingleNote: Bool

    /// The subject's path inside the vault (`""` for the vault itself), by real paths, so a
    /// symlink cannot lead out; a problem a person can act on otherwise.
    static func relativePath(of subject: URL, vault: URL) throws(ExportProblem) -> String {
        guard let boundary = VaultBoundary(root: vault) else { throw .missing(vault.path) }
        guard let real = VaultBoundary.realPath(subject.path) else { throw .missing(subject.path) }
        guard boundary.contains(real) else {
            throw .outsideVault(path: subject.path, vault: vault.path)
        }
        return real == boundary.realRoot ? "" : String(real.dropFirst(boundary.realRoot.count + 1))
    }

    /// The notes for `relative` (a path from ``relativePath(of:vault:)``), from what the build published.
    static func choose(_ relative: String, isFolder: Bool, from published: [PublishedNote])
        throws(ExportProblem) -> ExportSelection
    {
        if !isFolder {
            guard let note = published.first(where: { $0.path == relative }) else {
                let name = relative.lowercased()
                if name.hasSuffix(".md") || name.hasSuffix(".canvas") || name.hasSuffix(".base") {
                    throw .notPublished(relative)
                }
                throw .notANote(relative)
            }
            return ExportSelection(notes: [note], isSingleNote: true)
        }
        let prefix = relative.isEmpty ? "" : relative + "/"
        let chosen = published.filter { $0.path.hasPrefix(prefix) }.sorted { $0.pagePath < $1.pagePath }
        guard !chosen.isEmpty else { throw .emptyFolder(relative.isEmpty ? "." : relative) }
        // The folder's own home first: its index page, else the vault's home page.
        let home = prefix + "index.html"
        let first =
            chosen.firstIndex { $0.pagePath == home } ?? chosen.firstIndex { $0.pagePath == "index.html" }
            ?? 0
        var ordered = chosen
        ordered.insert(ordered.remove(at: first), at: 0)
        return ExportSelection(notes: ordered, isSingleNote: false)
    }
}
