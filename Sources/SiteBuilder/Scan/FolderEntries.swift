import Glibc

/// A folder's entries straight from `readdir`, for the vault's scan and the output's listing.
enum FolderEntries {
    /// Where `d_name` starts in a `dirent` (19 on Linux: inode, offset, record length, type).
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type) ?? 18

    /// Calls `body` with each entry's name (its bytes, no NUL) and type (`DT_REG`, `DT_DIR`,
    /// `DT_UNKNOWN` when the file system does not say...), `.` and `..` aside, until `body` returns
    /// false. Returns the `errno` of a folder that cannot be opened or read to the end, else 0.
    static func forEach(in folder: String, _ body: ([UInt8], UInt8) -> Bool) -> Int32 {
        guard let stream = opendir(folder) else { return errno }
        defer { closedir(stream) }
        while true {
            errno = 0  // readdir's end and its failure differ only in errno
            guard let entry = readdir(stream) else { return errno }
            // The name is read where it lies, up to its NUL: `entry.pointee.d_name` would copy the
            // declared 256 bytes, past the end of a short last record in glibc's buffer (found by
            // address sanitizer on a folder of 2,000 files).
            let record = UnsafeRawPointer(entry)
            let start = record.advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let name = UnsafeRawBufferPointer(start: start, count: strlen(start))
            if name.count <= 2, name.allSatisfy({ $0 == UInt8(ascii: ".") }) { continue }
            guard body(Array(name), record.load(fromByteOffset: typeOffset, as: UInt8.self)) else { return 0 }
        }
    }
}
