#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ASCII bytes the notes scanner looks at.
enum Byte {
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let backslash = UInt8(ascii: "\\")
    static let backtick = UInt8(ascii: "`")
    static let tilde = UInt8(ascii: "~")

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == lf || byte == cr || byte == 0x0B || byte == 0x0C
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    /// Whether `string` holds `byte`: memchr over a native string's UTF-8 in place (the generic
    /// `utf8.contains` was over a tenth of reading, asked of every text node several times).
    static func contains(_ string: String, _ byte: UInt8) -> Bool {
        let found = string.utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
        return found ?? string.utf8.contains(byte)
    }

    /// Whether `bytes` hold `byte` (memchr over the whole note: the generic `contains` went byte
    /// by byte).
    static func contains(_ bytes: [UInt8], _ byte: UInt8) -> Bool {
        firstIndex(of: byte, in: bytes, from: 0) != nil
    }

    /// The first index of `byte` in `bytes[start..<end]` (`end` defaults to the end), by memchr.
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int, to end: Int? = nil) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            let end = min(end ?? buffer.count, buffer.count)
            guard let base = buffer.baseAddress, start < end,
                let found = memchr(base + start, Int32(byte), end - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Whether `needle` occurs in `bytes`: memchr finds each place its first byte does.
    static func contains(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard let base = bytes.baseAddress, count > 0 else { return count == 0 }
        let first = Int32(needle.utf8Start.pointee)
        var start = 0
        while bytes.count - start >= count,
            let found = memchr(base + start, first, bytes.count - start - count + 1)
        {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, needle.utf8Start, count) == 0 { return true }
            start = at + 1
        }
        return false
    }
}
