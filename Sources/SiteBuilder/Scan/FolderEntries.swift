import POSIXFiles

/// A folder's entries straight from `readdir`, for the vault's scan and the output's listing.
enum FolderEntries {
    /// Calls `body` with each entry's name (its bytes, no NUL) and type (`DT_REG`, `DT_DIR`,
    /// `DT_UNKNOWN` when the file system does not say...), `.` and `..` aside, until `body` returns
    /// false. Returns the `errno` of a folder that cannot be opened or read to the end, else 0.
    static func forEach(in folder: String, _ body: ([UInt8], UInt8) -> Bool) -> Int32 {
        POSIXFiles.forEachEntry(in: folder, body)
    }
}
