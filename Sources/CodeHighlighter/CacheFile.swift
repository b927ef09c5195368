public import Foundation

/// Files of the vault's cache read and written without following a link: a link planted at a cache
/// file or its folder could otherwise lead a build to read, or write, outside the vault.
public enum CacheFile {
    /// The bytes of `url` when it is a plain file of at most `limit` bytes in a real folder; nil
    /// otherwise (missing, a link at the file or its folder, a FIFO, a planted giant).
    public static func read(_ url: URL, atMost limit: Int = 1 << 30) -> Data? {
        let folder = open(
            url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let file = openat(folder, url.lastPathComponent, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return nil }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= limit else {
            close(file)
            return nil
        }
        return try? FileHandle(fileDescriptor: file, closeOnDealloc: true).readToEnd() ?? Data()
    }

    /// Makes `folder` a real folder inside the cache: a link in its place is removed (the link,
    /// never what it leads to) before the folder is made.
    public static func prepareFolder(_ folder: URL) throws {
        var status = stat()
        if lstat(folder.path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            guard unlink(folder.path) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Puts `data` at `url` whole: written to `.NAME.UUID.tmp` beside it (in a real folder) and
    /// renamed into place, so a parallel build reads the old file or the new one, never half.
    public static func replace(_ url: URL, with data: Data) throws {
        let folder = url.deletingLastPathComponent()
        let stem = url.deletingPathExtension().lastPathComponent
        let temporary = folder.appendingPathComponent(".\(stem).\(UUID().uuidString).tmp")
        do {
            try prepareFolder(folder)
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
