import Foundation
import Glibc

extension Vault {
    /// The vault folder is missing or cannot be listed.
    struct ScanError: Error, CustomStringConvertible {
        let description: String
    }

    /// Walks `root` inside its real path, leaving out what `filter` excludes and the `excluded`
    /// folders (the output, the theme, the cache: never read back as notes). Symlinks are followed
    /// only to places inside the vault, and each folder is walked once, however many links reach it.
    static func scan(root: URL, filter: PathFilter, excluding excluded: [URL]) throws(ScanError) -> Vault {
        guard let boundary = VaultBoundary(root: root) else {
            throw ScanError(description: "'\(root.path)' does not exist")
        }
        var walk = VaultWalk(boundary: boundary, filter: filter, excluded: paths(of: excluded))
        try walk.run()
        return Vault(
            root: URL(fileURLWithPath: boundary.realRoot), boundary: boundary, notes: walk.notes.sorted(),
            files: walk.files.sorted(),
            entries: walk.entries, skipped: walk.skipped.sorted { $0.path < $1.path }, aliased: walk.aliased)
    }

    /// Folders left out, by the name each has in the vault and by its real path.
    static func paths(of excluded: [URL]) -> Set<String> {
        var paths = Set(excluded.map { $0.standardizedFileURL.path })
        for url in excluded {
            if let real = VaultBoundary.realPath(url.path) { paths.insert(real) }
        }
        return paths
    }
}

/// One walk of a vault: real folders first, then the folders symlinks inside lead to, each folder
/// (by device and inode) once.
struct VaultWalk {
    let boundary: VaultBoundary
    let filter: PathFilter
    let excluded: Set<String>
    var notes: [String] = []
    var files: [String] = []
    var entries: [String: Vault.Entry] = [:]
    var skipped: [Vault.Skipped] = []
    /// Whether some entry has a second name (a symlink, a hard link), so that a change seen under
    /// one name can be another's too.
    var aliased = false

    private struct Folder {
        let real: String
        let relative: String
    }

    private struct LinkedFolder {
        let folder: Folder
        let identity: FileIdentity
        let target: String
    }

    /// Folders walked so far, by identity, with the vault path they were walked as.
    private var walked: [FileIdentity: String] = [:]
    private var pending: [Folder] = []
    private var linked: [LinkedFolder] = []

    init(boundary: VaultBoundary, filter: PathFilter, excluded: Set<String>) {
        self.boundary = boundary
        self.filter = filter
        self.excluded = excluded
    }

    mutating func run() throws(Vault.ScanError) {
        var info = stat()
        guard stat(boundary.realRoot, &info) == 0 else {
            throw Vault.ScanError(description: "'\(boundary.realRoot)' cannot be read")
        }
        walked[FileIdentity(info)] = ""
        pending = [Folder(real: boundary.realRoot, relative: "")]
        while true {
            if let folder = pending.popLast() {
                try list(folder)
                continue
            }
            // Folders reached by symlink come last, so a folder is published under its own name
            // when it has one, and a link to it is the duplicate.
            guard !linked.isEmpty else { return }
            let link = linked.removeFirst()
            if let earlier = walked[link.identity] {
                skipped.append(
                    .init(
                        path: link.folder.relative, reason: .walkedAlready(target: link.target, as: earlier)))
                continue
            }
            walked[link.identity] = link.folder.relative
            pending.append(link.folder)
        }
    }

    private mutating func list(_ folder: Folder) throws(Vault.ScanError) {
        let (names, unreadable) = try Self.names(in: folder.real)
        for name in unreadable.sorted() where !name.hasPrefix(".") {
            let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
            skipped.append(.init(path: relative, reason: .nameNotUTF8))
        }
        // Names equal as text but not as bytes are one path to everything after the scan: the
        // first in byte order is kept (`sorted` alone leaves equal names in either order).
        var kept: [String: String] = [:]
        for name in names.sorted(by: { $0 != $1 ? $0 < $1 : $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let path = folder.real == "/" ? "/" + name : folder.real + "/" + name
            if excluded.contains(path) { continue }
            let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
            let examined = boundary.examine(path)
            if examined.isLink || examined.isHardLinked { aliased = true }
            switch examined.kind {
            case .gone:
                continue
            case .skipped(let reason):
                if !filter.excludes(relative, name: name, isFolder: false) {
                    skipped.append(.init(path: relative, reason: reason))
                }
            case .folder(let real, let identity):
                if filter.excludes(relative, name: name, isFolder: true) || excluded.contains(real) {
                    continue
                }
                guard keep(name, in: folder.relative, as: &kept) else { continue }
                let next = Folder(real: real, relative: relative)
                if examined.isLink {
                    let target = VaultBoundary.linkTarget(path)
                    linked.append(LinkedFolder(folder: next, identity: identity, target: target))
                } else if walked[identity] == nil {
                    // A bind mount can loop without a symlink; the identity check catches it too.
                    walked[identity] = relative
                    pending.append(next)
                }
            case .file(let real, let identity, let stamp):
                if filter.excludes(relative, name: name, isFolder: false) { continue }
                guard keep(name, in: folder.relative, as: &kept) else { continue }
                entries[relative] = Vault.Entry(location: real, identity: identity, stamp: stamp)
                if Self.isNote(name) {
                    notes.append(relative)
                } else {
                    files.append(relative)
                }
            }
        }
    }

    /// Whether `name` is the first of its folder with its text: a later name that equals it but
    /// for Unicode normalization is skipped with a warning naming both.
    private mutating func keep(_ name: String, in folder: String, as kept: inout [String: String]) -> Bool {
        func inVault(_ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
        if let first = kept[name] {
            skipped.append(.init(path: inVault(name), reason: .sameNameAs(inVault(first))))
            return false
        }
        kept[name] = name
        return true
    }

    /// Whether a file becomes a page (a note or a board, ``PageKind``).
    static func isNote(_ name: String) -> Bool {
        PageKind.of(name) != nil
    }

    /// The entries of a folder, `.` and `..` aside, straight from `readdir` (Foundation's listing
    /// was most of a rescan's time in `serve`); names that are not UTF-8 apart, as decoded with U+FFFD.
    private static func names(in folder: String) throws(Vault.ScanError) -> (
        names: [String], notUTF8: [String]
    ) {
        var names: [String] = []
        var notUTF8: [String] = []
        let failure = FolderEntries.forEach(in: folder) { raw, _ in
            if let name = String(validating: raw, as: UTF8.self) {
                names.append(name)
            } else {
                notUTF8.append(String(decoding: raw, as: UTF8.self))
            }
            return true
        }
        guard failure == 0 else {
            let reason = String(cString: strerror(failure))
            throw Vault.ScanError(description: "cannot list '\(folder)': \(reason)")
        }
        return (names, notUTF8)
    }
}
