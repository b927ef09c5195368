import Foundation
import Glibc
import NoteModel

/// The vault's files as the build sees them: vault-relative, `/`-separated paths, each one accepted
/// by the scan inside the vault's real path. Later stages read files only through `contents(of:)`
/// and `location(of:)`, so nothing the scan did not accept is ever read.
struct Vault: Sendable {
    /// The vault's real path.
    let root: URL
    let boundary: VaultBoundary
    /// Files that become pages (Markdown notes, boards: ``PageKind``), sorted.
    let notes: [String]
    /// Every other published file, sorted.
    let files: [String]
    /// Where each accepted file really is, and which file it was when scanned.
    let entries: [String: Entry]
    /// Entries left out with a reason (symlinks leading outside or to nothing, loops, FIFOs).
    let skipped: [Skipped]
    /// Whether some entry has a second name (a symlink, a hard link): a change seen under one name
    /// can be another's too, so such a vault is walked whole on every build.
    let aliased: Bool

    struct Entry: Sendable, Hashable {
        /// The real path: inside the vault's real path, no symlink left in it.
        let location: String
        let identity: FileIdentity
        let stamp: FileStamp
    }

    struct Skipped: Sendable, Hashable {
        let path: String
        let reason: SkipReason

        /// Left out for a name equal to another's but for Unicode normalization.
        var isTwin: Bool {
            if case .sameNameAs = reason { true } else { false }
        }
    }

    /// Reading a file the scan did not accept, or one replaced since.
    struct ReadError: LocalizedError, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "'\(path)' \(reason)" }
        var errorDescription: String? { description }
    }

    /// The cache folder the `cache` setting names, inside the vault; nil when the setting is off
    /// or the folder leads out of the vault (a symlink): such a cache is neither read nor written.
    func cacheFolder(named name: String?) -> URL? {
        name.map { root.appendingPathComponent($0) }.flatMap { boundary.keepsInside($0) ? $0 : nil }
    }

    /// The real location of an accepted file; nil for any path the scan did not accept.
    func entry(_ path: String) -> Entry? { entries[path] }

    func location(of path: String) -> URL? {
        entries[path].map { URL(fileURLWithPath: $0.location) }
    }

    /// The bytes of an accepted file. The file is opened without following a symlink and must still be
    /// the one scanned (same device and inode), so a link swapped in after the scan is not followed.
    func contents(of path: String) throws(ReadError) -> Data {
        guard let entry = entries[path] else {
            throw ReadError(path: path, reason: "is not a file the vault scan accepted")
        }
        let descriptor = open(entry.location, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { throw ReadError(path: path, reason: Self.reason(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            FileIdentity(info) == entry.identity
        else {
            throw ReadError(path: path, reason: "was replaced by another file while the site was built")
        }
        return try Self.readAll(descriptor, expecting: Int(info.st_size), path: path)
    }

    /// Reads to the end into one buffer the size `stat` gave (plus a byte, to see the end without a
    /// second buffer), growing it only if the file grew; the bytes are handed to `Data` uncopied.
    static func readAll(_ descriptor: Int32, expecting size: Int, path: String) throws(ReadError)
        -> Data
    {
        var capacity = max(size + 1, 64)
        guard var buffer = malloc(capacity) else {
            throw ReadError(path: path, reason: reason(ENOMEM))
        }
        var count = 0
        while true {
            if count == capacity {
                capacity *= 2
                guard let grown = realloc(buffer, capacity) else {
                    free(buffer)
                    throw ReadError(path: path, reason: reason(ENOMEM))
                }
                buffer = grown
            }
            let got = read(descriptor, buffer + count, capacity - count)
            if got < 0 {
                if errno == EINTR { continue }
                let code = errno
                free(buffer)
                throw ReadError(path: path, reason: reason(code))
            }
            if got == 0 { return Data(bytesNoCopy: buffer, count: count, deallocator: .free) }
            count += got
        }
    }

    private static func reason(_ code: Int32) -> String {
        "cannot be read (\(String(cString: strerror(code))))"
    }

    /// One warning per skipped entry, naming it as messages name vault files.
    func warnings(naming name: (String) -> String) -> [Diagnostic] {
        skipped.map { entry in
            .warning(
                entry.reason.message(for: entry.path),
                at: SourceLocation(file: name(entry.path), line: 1, column: 1))
        }
    }
}
