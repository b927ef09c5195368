import Foundation
import Glibc

/// The vault's real path, and the one rule built on it: nothing whose real path lies outside it is
/// read, copied or served. A symlink is a path out of the vault (`secret.txt -> /proc/self/environ`),
/// so every entry is judged by where it really is, never by the name it has in the vault.
public struct VaultBoundary: Sendable {
    /// The vault's real path: absolute, every symlink resolved.
    public let realRoot: String

    /// Nil when the vault folder does not exist (or cannot be resolved).
    public init?(root: URL) {
        guard let real = Self.realPath(root.path) else { return nil }
        realRoot = real
    }

    /// Whether a real path is the vault or inside it.
    public func contains(_ realPath: String) -> Bool {
        realPath == realRoot || realPath.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    /// Whether `url` stays inside once symlinks are resolved; a path that does not exist yet is judged
    /// by the nearest folder above it that does (`cache/` under a `sub -> /tmp` link is outside).
    public func keepsInside(_ url: URL) -> Bool {
        var candidate = url.standardizedFileURL
        while true {
            if let real = Self.realPath(candidate.path) { return contains(real) }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return false }
            candidate = parent
        }
    }

    /// The real path of a folder at `path` when it is one and is inside the vault; nil for files,
    /// links leading outside or to nothing, and anything that is gone.
    public func folderInside(_ path: String) -> String? {
        guard case .folder(let real, _) = examine(path).kind else { return nil }
        return real
    }

    /// What a vault entry at `path` (a real folder plus a name) is, once symlinks are resolved.
    struct Examination {
        enum Kind {
            case folder(real: String, identity: FileIdentity)
            case file(real: String, identity: FileIdentity, stamp: FileStamp)
            case skipped(SkipReason)
            /// Removed while the scan ran: nothing to say.
            case gone
        }
        var kind: Kind
        /// Whether the entry itself is a symlink.
        var isLink: Bool
        /// Whether the file has more than one name on disk (a hard link).
        var isHardLinked = false
    }

    func examine(_ path: String) -> Examination {
        var info = stat()
        guard lstat(path, &info) == 0 else { return Examination(kind: .gone, isLink: false) }
        guard info.st_mode & S_IFMT == S_IFLNK else {
            let hardLinked = info.st_mode & S_IFMT == S_IFREG && info.st_nlink > 1
            return Examination(kind: Self.kind(of: info, real: path), isLink: false, isHardLinked: hardLinked)
        }
        let target = Self.linkTarget(path)
        guard let real = Self.realPath(path) else {
            return Examination(kind: .skipped(.dangling(target: target)), isLink: true)
        }
        guard contains(real) else {
            return Examination(kind: .skipped(.outside(target: target)), isLink: true)
        }
        guard stat(real, &info) == 0 else { return Examination(kind: .gone, isLink: true) }
        return Examination(kind: Self.kind(of: info, real: real), isLink: true)
    }

    private static func kind(of info: stat, real: String) -> Examination.Kind {
        let identity = FileIdentity(info)
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder(real: real, identity: identity)
        case S_IFREG: return .file(real: real, identity: identity, stamp: FileStamp(info))
        default: return .skipped(.notRegular)
        }
    }

    /// `realpath(3)`: nil for a path that leads to nothing (or loops).
    static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What a symlink says, as written (`../../outside.txt`), for messages.
    static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A file's identity on disk: the same device and inode is the same file or folder, whatever
/// path reached it, which is how a symlink loop (`sub/up -> ..`) is recognised.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// A file's size and times as the scan saw them. A later build whose scan sees the same stamp on
/// the same file skips reading it, if the stamp had settled (see ``isSettled(at:)``).
struct FileStamp: Hashable, Sendable {
    let size: Int64
    let modified: timespec
    let changed: timespec

    init(_ info: stat) {
        size = Int64(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
    }

    /// Whether both times are a full second before `now`. File times advance in clock ticks
    /// (milliseconds), so a file written twice within one tick can keep its stamp with new bytes:
    /// only a stamp older than that can vouch for the bytes read with it.
    func isSettled(at now: timespec) -> Bool {
        modified.tv_sec < now.tv_sec - 1 && changed.tv_sec < now.tv_sec - 1
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(modified.tv_sec)
        hasher.combine(modified.tv_nsec)
        hasher.combine(changed.tv_sec)
        hasher.combine(changed.tv_nsec)
    }
}

/// Why the scan left an entry out; each becomes a warning naming the entry.
enum SkipReason: Sendable, Hashable {
    /// A symlink whose real path is outside the vault.
    case outside(target: String)
    /// A symlink that leads to nothing, or to itself.
    case dangling(target: String)
    /// A symlink to a folder already walked (by another name, or its own parent: a loop).
    case walkedAlready(target: String, as: String)
    /// A FIFO, socket or device: reading one could block the build forever.
    case notRegular
    /// A name that is not UTF-8 (from an old system or a broken sync): pages and links could not name it.
    case nameNotUTF8
    /// A name equal to another one in its folder but for Unicode normalization (`é` as one code
    /// point or as `e` and a combining accent): two files on disk, one page path and one link
    /// target, so only the first in byte order is published.
    case sameNameAs(String)

    func message(for path: String) -> String {
        switch self {
        case .outside(let target):
            return
                "symlink '\(path)' leads outside the vault (to '\(target)'); skipped, since nothing outside the vault is read"
        case .dangling(let target):
            return "symlink '\(path)' leads to nothing ('\(target)'); skipped"
        case .walkedAlready(let target, let folder):
            let name = folder.isEmpty ? "the vault's top folder" : "'\(folder)'"
            return
                "symlink '\(path)' leads to a folder already in the vault (to '\(target)', which is \(name)); not walked again"
        case .notRegular:
            return "'\(path)' is not a file or a folder (a FIFO, socket or device); skipped"
        case .nameNotUTF8:
            return "'\(path)' has a name that is not UTF-8 (shown here with U+FFFD); rename it to publish it"
        case .sameNameAs(let kept):
            return
                "'\(path)' has the same name as '\(kept)' with its accents written in other code points; skipped, rename one of them to publish both"
        }
    }
}
