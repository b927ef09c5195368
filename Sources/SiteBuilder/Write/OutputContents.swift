import Glibc

/// What the output folder holds when a build starts: its files and folders, by their paths inside
/// it. A build updates an output that holds nothing else (no link, no device, no socket) in place,
/// changing only the files whose bytes change (``StagingWriter``); any other output is replaced whole.
struct OutputContents: Sendable {
    var files: Set<String> = []
    var folders: Set<String> = []

    /// The contents of the real folder at `root`; nil when it is missing, is a link, cannot be read
    /// to the end, or holds anything but regular files and folders.
    static func read(_ root: String) -> OutputContents? {
        var info = stat()
        guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        var contents = OutputContents()
        var pending = [""]
        while let folder = pending.popLast() {
            var usable = true
            let failure = FolderEntries.forEach(in: folder.isEmpty ? root : root + "/" + folder) {
                raw, type in
                guard let name = String(validating: raw, as: UTF8.self) else {
                    usable = false
                    return false
                }
                let path = folder.isEmpty ? name : folder + "/" + name
                switch kind(of: type, at: root + "/" + path) {
                case .file: contents.files.insert(path)
                case .folder:
                    contents.folders.insert(path)
                    pending.append(path)
                case .other: usable = false
                }
                return usable
            }
            guard usable, failure == 0 else { return nil }
        }
        return contents
    }

    private enum Kind { case file, folder, other }

    /// The entry's kind from the directory itself when the file system says it (ext4, tmpfs, xfs
    /// do), else from `lstat`.
    private static func kind(of type: UInt8, at path: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            default: return .other
            }
        default: return .other
        }
    }
}
