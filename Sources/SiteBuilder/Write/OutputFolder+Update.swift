import Foundation
import Glibc
import POSIXFiles

extension OutputFolder {
    /// Whether the output's regular file at `relativePath` holds exactly `bytes`, read and compared
    /// a block at a time with nothing kept. A link is never the same (`O_NOFOLLOW`).
    func holds(_ relativePath: String, exactly span: RawSpan) -> Bool {
        let descriptor = open(targetPath + "/" + relativePath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return POSIXFiles.holds(descriptor, exactly: span)
    }

    /// Brings the output to the site in place (when it held only files and folders, ``OutputContents``):
    /// removes the files and folders the site no longer has, makes the new folders, and moves each
    /// changed file from the staging folder over its old self (a rename: a reader sees the old page
    /// or the new one, never half of one). The build has succeeded by then; a failure of the file
    /// system part way leaves pages of both builds, which the next build mends like any change.
    func update(_ existing: OutputContents, to site: Set<String>, changed: [String]) throws {
        let needed = FolderPaths.holding(site)
        for path in existing.files where !site.contains(path) {
            guard unlink(targetPath + "/" + path) == 0 || errno == ENOENT else {
                throw POSIXError(errno: errno, path: targetPath + "/" + path)
            }
        }
        // Children sort after their parents: removed before them, made after them.
        for folder in existing.folders.subtracting(needed).sorted(by: >) {
            let path = targetPath + "/" + folder
            if rmdir(path) != 0 && errno != ENOENT {
                // Something came in during the build; the folder goes all the same.
                try FileManager.default.removeItem(atPath: path)
            }
        }
        for folder in needed.subtracting(existing.folders).sorted() {
            try Self.makeFolder(targetPath + "/" + folder)
        }
        for path in changed {
            guard rename(stagingPath + "/" + path, targetPath + "/" + path) == 0 else {
                throw POSIXError(errno: errno, path: targetPath + "/" + path)
            }
        }
        abandon()
    }
}
