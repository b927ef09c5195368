import Foundation
import NoteModel
import POSIXFiles
import Synchronization

/// Writes the site into a staging folder beside the output, then swaps it in, so the output is
/// always a whole site (the old one or the new one) and nothing outside it is touched (an output
/// of plain files and folders is updated in place instead, ``update(_:to:changed:)``):
/// ``start(jobs:)``, ``stage(_:jobs:replacing:)`` (or ``write(_:to:)`` a file at a time), ``commit(jobs:)``,
/// or on any failure ``abandon()``. ``StagingWriter`` runs these for a build.
struct OutputFolder {
    /// Why the output folder cannot be used; the message names the folder, not a flag.
    enum Problem: Error, CustomStringConvertible {
        case replacesVault(String)
        case isAFile(String)
        case notMadeByNotesite(String)
        case cannotWrite(String)

        var description: String {
            switch self {
            case .replacesVault(let path):
                "output folder '\(path)' would replace the vault; choose another output folder"
            case .isAFile(let path): "output '\(path)' is a file, not a folder; choose another output folder"
            case .notMadeByNotesite(let path):
                "refusing to replace '\(path)': it is not empty and notesite did not make it; choose another output folder, or allow replacing it"
            case .cannotWrite(let reason): reason
            }
        }

        var diagnostic: Diagnostic {
            switch self {
            case .replacesVault, .isAFile: .error(description, remedy: .chooseOutput)
            case .notMadeByNotesite: .error(description, remedy: .allowReplacing)
            case .cannotWrite: .error(description)
            }
        }
    }

    /// A file notesite leaves in every output folder, so it only ever replaces its own work.
    static let marker = ".notesite-output"

    let target: URL
    let staging: URL
    /// Both folders' paths, each file's path made from them by joining strings: a URL per file
    /// (parsed and percent-encoded, then decoded again) was a third of writing one.
    let targetPath: String
    let stagingPath: String

    init(target: URL) {
        self.target = target
        let name = target.lastPathComponent
        staging = target.deletingLastPathComponent()
            .appendingPathComponent(".\(name).staging-\(ProcessInfo.processInfo.processIdentifier)")
        targetPath = target.path
        stagingPath = staging.path
    }

    /// Refuses outputs that would overwrite the vault or a folder notesite did not make.
    static func check(target: URL, vault: URL, force: Bool) throws(Problem) {
        let output = target.standardizedFileURL.path
        let source = vault.standardizedFileURL.path
        if output == source || source.hasPrefix(output.hasSuffix("/") ? output : output + "/") {
            throw .replacesVault(output)
        }
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: output, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw .isAFile(output)
        }
        let contents = (try? manager.contentsOfDirectory(atPath: output)) ?? []
        if !force && !contents.isEmpty && !contents.contains(marker) {
            throw .notMadeByNotesite(output)
        }
    }

    /// Starts an empty staging folder, after removing the ones builds killed mid-write left behind.
    /// On failure nothing is left.
    func start(jobs: Int = 1) throws {
        // Past a file size limit (`ulimit -f`), write() must fail with EFBIG, not kill the process.
        signal(SIGXFSZ, SIG_IGN)
        removeStaleFolders(jobs: jobs)
        do {
            try begin()
        } catch {
            abandon()
            throw error
        }
    }

    /// Writes `files` into the staging folder, their folders first, on `jobs` threads at once (a big
    /// site is thousands of small files). A path in `replacing` is already there (a page written as
    /// it was made) and may be a hard link into the old output: it is unlinked before it is written.
    func stage(_ files: [String: Data], jobs: Int = 1, replacing: Set<String> = []) throws {
        let files = files.sorted { $0.key < $1.key }
        // Every folder on the way, parents before their children (sorted).
        for folder in FolderPaths.holding(files.map(\.key)).sorted() {
            try Self.makeFolder(staging.appendingPathComponent(folder).path)
        }
        let failures = Mutex<[String]>([])
        let workers = max(1, min(jobs, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: files.count, by: workers) {
                let (path, data) = files[index]
                do {
                    if replacing.contains(path) { unlink(stagingPath + "/" + path) }
                    try write(data, to: path)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        if let failure = failures.withLock({ $0.first }) { throw Problem.cannotWrite(failure) }
    }

    /// Starts an empty staging folder.
    private func begin() throws {
        let manager = FileManager.default
        try? manager.removeItem(at: staging)
        // The output's parent may not exist yet; if it cannot be made, mkdir below says why.
        try? manager.createDirectory(
            at: staging.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.makeFolder(staging.path)
        try Self.writeFile(Data(), to: staging.appendingPathComponent(Self.marker).path)
    }

    /// Writes one file under the staging folder (its folder exists). A file the old output already
    /// has with the same bytes is hard-linked instead of written: most of a rebuild is unchanged,
    /// and making thousands of new files right after deleting thousands (the last swap) is what
    /// ext4 is slowest at.
    func write(_ data: Data, to relativePath: String) throws {
        try write(bytes: data.bytes, to: relativePath)
    }

    /// ``write(_:to:)`` from bytes in memory (a page as rendered, with no `Data` copy of it).
    func write(bytes: RawSpan, to relativePath: String) throws {
        let path = stagingPath + "/" + relativePath
        let previous = targetPath + "/" + relativePath
        if Self.hasContents(previous, bytes), Glibc.link(previous, path) == 0 { return }
        try Self.writeFile(bytes, to: path)
    }

    /// Whether `path` is a regular file holding exactly `bytes`.
    static func hasContents(_ path: String, _ bytes: RawSpan) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.byteCount,
            case let descriptor = open(path, O_RDONLY | O_CLOEXEC), descriptor >= 0
        else {
            return false
        }
        defer { Glibc.close(descriptor) }
        return POSIXFiles.holds(descriptor, exactly: bytes)
    }

    /// Moves the staged site into place; the old output is removed only once the new one is there.
    func commit(jobs: Int = 1) throws {
        let manager = FileManager.default
        let retired = staging.deletingLastPathComponent()
            .appendingPathComponent(
                ".\(target.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)")
        try? manager.removeItem(at: retired)
        let hadOutput = manager.fileExists(atPath: target.path)
        if hadOutput, rename(target.path, retired.path) != 0 {
            throw POSIXError(errno: errno, path: target.path)
        }
        if rename(staging.path, target.path) != 0 {
            let failure = POSIXError(errno: errno, path: target.path)
            if hadOutput { _ = rename(retired.path, target.path) }
            throw failure
        }
        if hadOutput { Self.remove(retired, jobs: jobs) }
    }

    /// Removes a folder tree, its top-level entries on `jobs` threads at once.
    static func remove(_ folder: URL, jobs: Int) {
        let manager = FileManager.default
        let entries = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        let workers = max(1, min(jobs, entries.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: entries.count, by: workers) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(entries[index]))
            }
        }
        try? manager.removeItem(at: folder)
    }

    /// Throws the staging folder away after a failure.
    func abandon() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// One folder (its parent exists); one already there is fine.
    static func makeFolder(_ path: String) throws {
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw POSIXError(errno: errno, path: path) }
    }

    /// A plain write: Foundation's `Data.write` syncs every file to disk, which made writing a
    /// 1,000-page site take seconds; the swap of the whole folder is what keeps the output whole.
    static func writeFile(_ data: Data, to path: String) throws {
        try writeFile(data.bytes, to: path)
    }

    static func writeFile(_ bytes: RawSpan, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(errno: errno, path: path) }
        defer { Glibc.close(descriptor) }
        let failure = POSIXFiles.write(bytes, to: descriptor)
        guard failure == 0 else { throw POSIXError(errno: failure, path: path) }
    }

    struct POSIXError: Error, CustomStringConvertible {
        var errno: Int32
        var path: String
        var description: String {
            let hint: String
            switch errno {
            case ENOSPC, EDQUOT: hint = " (the disk is full)"
            case EFBIG: hint = " (a file size limit was reached: see ulimit -f)"
            case EROFS: hint = " (the disk is read-only)"
            default: hint = ""
            }
            return "\(path): \(String(cString: strerror(errno)))\(hint)"
        }
    }
}
