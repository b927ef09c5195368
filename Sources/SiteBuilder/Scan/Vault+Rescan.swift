import Foundation

extension Vault {
    /// The vault after changes to the files at `touched` (real paths) only, each looked at again
    /// as the walk would: the same result as a new ``scan(root:filter:excluding:)``, without
    /// listing every folder. Nil when only a whole walk can tell: some entry has a second name
    /// (``aliased``), or a touched path is or was a folder, or lies outside the vault.
    func rescanning(_ touched: Set<String>, filter: PathFilter, excluding excluded: Set<String>) -> Vault? {
        // Names equal but for Unicode normalization: which one is published, the walk decides.
        guard !aliased, !skipped.contains(where: \.isTwin) else { return nil }
        let prefix = boundary.realRoot == "/" ? "/" : boundary.realRoot + "/"
        var entries = entries
        var skipped = Dictionary(skipped.map { ($0.path, $0) }) { first, _ in first }
        guard skipped.count == self.skipped.count else { return nil }
        var listed = false
        var skips = false
        for path in touched {
            guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
            if excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
            let relative = String(path.dropFirst(prefix.count))
            // Left out by the filter, or inside a folder that is: the walk never looks there.
            guard Self.isPublished(relative, filter: filter) else { continue }
            guard !Self.hasTwin(relative, in: entries), !Self.hasTwin(relative, in: skipped) else {
                return nil
            }
            let wasEntry = entries.removeValue(forKey: relative) != nil
            let wasSkipped = skipped.removeValue(forKey: relative) != nil
            let examined = boundary.examine(path)
            guard !examined.isLink, !examined.isHardLinked else { return nil }
            switch examined.kind {
            case .folder:
                return nil
            case .gone:
                // A folder that went away takes its files with it: only a walk finds them all.
                let inside = relative + "/"
                if !wasEntry, !wasSkipped, entries.keys.contains(where: { $0.hasPrefix(inside) }) {
                    return nil
                }
            case .skipped(let reason):
                skipped[relative] = Skipped(path: relative, reason: reason)
            case .file(let real, let identity, let stamp):
                entries[relative] = Entry(location: real, identity: identity, stamp: stamp)
            }
            listed = listed || wasEntry != (entries[relative] != nil)
            skips = skips || wasSkipped != (skipped[relative] != nil)
        }
        // A file written in place changes no list; one added, removed or renamed does.
        let paths = listed ? entries.keys.sorted() : []
        return Vault(
            root: root, boundary: boundary, notes: listed ? paths.filter(VaultWalk.isNote) : notes,
            files: listed ? paths.filter { !VaultWalk.isNote($0) } : files, entries: entries,
            skipped: skips ? skipped.values.sorted { $0.path < $1.path } : self.skipped, aliased: false)
    }

    /// Whether the walk would publish the file at `relative`: neither it nor a folder above it is
    /// left out.
    private static func isPublished(_ relative: String, filter: PathFilter) -> Bool {
        let parts = relative.split(separator: "/").map(String.init)
        var folder = ""
        for part in parts.dropLast() {
            folder = folder.isEmpty ? part : folder + "/" + part
            if filter.excludes(folder, name: part, isFolder: true) { return false }
        }
        return !filter.excludes(relative, name: parts.last ?? relative, isFolder: false)
    }

    /// Whether a key of `dictionary` equals `path` as text but not as bytes.
    private static func hasTwin<Value>(_ path: String, in dictionary: [String: Value]) -> Bool {
        guard let index = dictionary.index(forKey: path) else { return false }
        return !dictionary.keys[index].utf8.elementsEqual(path.utf8)
    }
}
