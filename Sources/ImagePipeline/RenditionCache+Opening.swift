internal import Foundation

/// How cache files are opened: only a regular file that lives in a real shard folder of this cache
/// is ever read. A symlink (as an entry or as a shard folder), a hard link shared with some other
/// file, a FIFO or a device could point at something outside the cache folder (`/dev/zero`, a
/// secret, a pipe that never ends), so none of them is opened for reading: the lookup is a miss and
/// the next store replaces the entry.
extension RenditionCache {
    enum EntryRead {
        /// No entry under that key.
        case missing
        /// Something is there that this cache did not write and must not read.
        case foreign
        case found(Data)
    }

    /// Reads the entry for `key` without following any link, and touches it on success (so pruning
    /// keeps what builds still use).
    func readEntry(_ key: String) -> EntryRead {
        let url = entryURL(for: key)
        // O_NOFOLLOW on the shard folder, then openat with O_NOFOLLOW on the entry: no symlink
        // anywhere below the cache folder is followed, and nothing can be swapped in between.
        let shard = open(
            url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard shard >= 0 else { return errno == ENOENT ? .missing : .foreign }
        defer { close(shard) }
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
        let file = openat(
            shard, url.lastPathComponent, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard file >= 0 else { return errno == ENOENT ? .missing : .foreign }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else { return .foreign }
        // Entries are renamed into place, so each has exactly one link; more means a hard link to a
        // file that also lives somewhere else.
        guard status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else { return .foreign }
        // No rendition comes near this size; a planted sparse file must not fill memory.
        guard status.st_size <= Self.largestEntry else { return .foreign }
        let data = Self.readAll(file, size: Int(status.st_size))
        _ = futimens(file, nil)
        return .found(data)
    }

    static let largestEntry = 1 << 30

    /// The file's bytes up to `size` (fewer on a read error or if it shrank: the entry's own
    /// length check then rejects it).
    private static func readAll(_ file: CInt, size: Int) -> Data {
        var data = Data(capacity: max(size, 0))
        // Read whole in one call but for a signal or a file that shrank.
        var chunk = [UInt8](repeating: 0, count: max(size, 0))
        while data.count < size {
            let got = read(file, &chunk, size - data.count)
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            data.append(contentsOf: chunk[..<got])
        }
        return data
    }

    /// Makes `directory` (a shard folder) a real folder: a symlink in its place is removed (the link,
    /// never what it points to) so that entries are never written outside the cache folder.
    func prepareShard(_ directory: URL) throws {
        var status = stat()
        if lstat(directory.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            guard unlink(directory.path) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Whether `url` is a real folder (not a symlink to one).
    static func isRealFolder(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
