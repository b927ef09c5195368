import Glibc

/// Glibc's file calls that need pointers, behind safe functions: bytes lent as a span written to a
/// file or compared with one, and a folder's entries read as `readdir` leaves them. The site's
/// writer and scanner call these, so that no pointer is handled there.
public enum POSIXFiles {
    /// Writes all of `bytes` to `descriptor` (again after a short write or a signal); 0, or the
    /// `errno` of the write that failed.
    public static func write(_ bytes: RawSpan, to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    /// Whether the regular file open at `descriptor`, read from where it stands to its end, holds
    /// exactly `bytes`: read `block` bytes at a time, compared as they come, nothing kept.
    public static func holds(_ descriptor: Int32, exactly bytes: RawSpan, block: Int = 1 << 16) -> Bool {
        // One byte past what is expected, so a longer file shows itself in the same read. Not an
        // array: zeroing it first cost about one instruction a byte of the site.
        let size = min(block, bytes.byteCount + 1)
        return withUnsafeTemporaryAllocation(byteCount: size, alignment: 16) { buffer in
            bytes.withUnsafeBytes { expected in
                guard let into = buffer.baseAddress else { return false }
                var offset = 0
                while true {
                    let wanted = min(buffer.count, expected.count - offset + 1)
                    let got = read(descriptor, into, wanted)
                    if got < 0 && errno == EINTR { continue }
                    guard got >= 0, offset + got <= expected.count else { return false }
                    if got == 0 { return offset == expected.count }
                    guard let base = expected.baseAddress, memcmp(into, base + offset, got) == 0 else {
                        return false
                    }
                    offset += got
                    // A regular file reads short only at its end.
                    if got < wanted { return offset == expected.count }
                }
            }
        }
    }

    /// Where `d_name` starts in a `dirent` (19 on Linux: inode, offset, record length, type).
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type) ?? 18

    /// Calls `body` with each entry of `folder`: its name (its bytes, no NUL) and type (`DT_REG`,
    /// `DT_DIR`, `DT_UNKNOWN` when the file system does not say...), `.` and `..` aside, until
    /// `body` returns false. Returns the `errno` of a folder that cannot be opened or read to the
    /// end, else 0.
    public static func forEachEntry(in folder: String, _ body: ([UInt8], UInt8) -> Bool) -> Int32 {
        guard let stream = opendir(folder) else { return errno }
        defer { closedir(stream) }
        while true {
            errno = 0  // readdir's end and its failure differ only in errno
            guard let entry = readdir(stream) else { return errno }
            // The name is read where it lies, up to its NUL: `entry.pointee.d_name` would copy the
            // declared 256 bytes, past the end of a short last record in glibc's buffer (found by
            // address sanitizer on a folder of 2,000 files).
            let record = UnsafeRawPointer(entry)
            let start = record + nameOffset
            let length = strlen(start.assumingMemoryBound(to: CChar.self))
            let name = UnsafeRawBufferPointer(start: start, count: length)
            if name.count <= 2, name.allSatisfy({ $0 == UInt8(ascii: ".") }) { continue }
            guard body(Array(name), record.load(fromByteOffset: typeOffset, as: UInt8.self)) else { return 0 }
        }
    }
}
