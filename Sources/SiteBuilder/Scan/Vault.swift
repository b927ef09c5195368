import Foundation

/// The vault's files as the build sees them: vault-relative, `/`-separated paths.
struct Vault: Sendable {
    let root: URL
    /// Markdown notes, sorted.
    let notes: [String]
    /// Every other published file, sorted.
    let files: [String]

    func url(for path: String) -> URL { root.appendingPathComponent(path) }

    /// Walks `root`, leaving out what `filter` excludes and the output folder (never read back as input).
    static func scan(root: URL, filter: PathFilter, excluding excluded: [URL]) throws -> Vault {
        let rootPath = root.standardizedFileURL.path
        let excludedPaths = Set(excluded.map { $0.standardizedFileURL.path })
        var notes: [String] = []
        var files: [String] = []
        var pending = [rootPath]
        let manager = FileManager.default
        while let folder = pending.popLast() {
            for name in try manager.contentsOfDirectory(atPath: folder) {
                let path = folder + "/" + name
                if excludedPaths.contains(path) { continue }
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
                let relative = String(path.dropFirst(rootPath.count + 1))
                if filter.excludes(relative, isFolder: isFolder.boolValue) { continue }
                if isFolder.boolValue {
                    pending.append(path)
                    continue
                }
                if name.lowercased().hasSuffix(".md") {
                    notes.append(relative)
                } else {
                    files.append(relative)
                }
            }
        }
        return Vault(root: URL(fileURLWithPath: rootPath), notes: notes.sorted(), files: files.sorted())
    }
}
