import NoteModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ASCII bytes the reader looks at, and its byte search kernel.
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

    // MARK: The byte search kernel
    // libc's searches (memchr, memcmp, strcspn) pass over many bytes a step where a loop takes
    // one: the reader looks through every note's bytes several times. These lend the bytes'
    // memory to libc for one call; callers pass arrays, strings and spans.

    /// Whether `string` holds `byte` (the generic `utf8.contains` was over a tenth of reading,
    /// asked of every text node several times).
    static func contains(_ string: String, _ byte: UInt8) -> Bool {
        firstIndex(of: byte, in: string.utf8.span, from: 0) != nil
    }

    /// Whether `bytes` hold `byte`.
    static func contains(_ bytes: [UInt8], _ byte: UInt8) -> Bool {
        firstIndex(of: byte, in: bytes.span, from: 0) != nil
    }

    /// The first index of `byte` in `bytes[start..<end]` (`end` defaults to the end).
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int, to end: Int? = nil) -> Int? {
        firstIndex(of: byte, in: bytes.span, from: start, to: end)
    }

    /// The first index of `byte` in `bytes[start..<end]` (`end` defaults to the end), by memchr.
    static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, from start: Int, to end: Int? = nil) -> Int?
    {
        let end = min(end ?? bytes.count, bytes.count)
        guard start >= 0, start < end else { return nil }
        return bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), end - start)
            else {
                return nil
            }
            return base.distance(to: found)
        }
    }

    /// Whether `needle` occurs in `bytes`: memchr finds each place its first byte does.
    static func contains(_ needle: StaticString, in bytes: Span<UInt8>) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0 else { return true }
        let first = needle.utf8Start.pointee
        var start = 0
        while bytes.count - start >= count,
            let at = firstIndex(of: first, in: bytes, from: start, to: bytes.count - count + 1)
        {
            if equal(bytes.extracting(at..<at + count), needle) { return true }
            start = at + 1
        }
        return false
    }

    /// Whether the bytes are the literal's.
    static func equal(_ bytes: Span<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        return bytes.isEmpty
            || bytes.withUnsafeBytes { memcmp($0.baseAddress!, literal.utf8Start, bytes.count) == 0 }
    }

    /// Whether two byte spans are equal, by memcmp.
    static func equal(_ first: Span<UInt8>, _ second: Span<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        return first.isEmpty
            || first.withUnsafeBytes { one in
                second.withUnsafeBytes { memcmp(one.baseAddress!, $0.baseAddress!, first.count) == 0 }
            }
    }

    /// Where the run of the first `count` bytes from `start` that are not in `set` ends (`set`
    /// NUL-terminated; a NUL in the bytes is not in it). strcspn stops at the first byte in `set`
    /// or at a NUL: the bytes past `count` or the last byte must be one of them.
    static func runEnd(in terminated: [UInt8], count: Int, from start: Int, outside set: [CChar]) -> Int {
        let stops = set.dropLast()
        guard set.last == 0, count <= terminated.count, let last = terminated.last,
            last == 0 || stops.contains(CChar(bitPattern: last))
        else {
            var index = max(0, start)
            while index < count, !stops.contains(CChar(bitPattern: terminated[index])) { index += 1 }
            return index
        }
        var index = max(0, start)
        terminated.withUnsafeBytes { buffer in
            guard let text = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
            while index < count {
                index += strcspn(text + index, set)
                guard index < count, terminated[index] == 0 else { break }
                index += 1
            }
        }
        return min(index, count)
    }

    /// The index of the first byte from `start` on that is not ASCII (the end when none is): eight
    /// bytes are read as one word while all of them are ASCII.
    static func asciiEnd(in bytes: Span<UInt8>, from start: Int) -> Int {
        var index = max(0, start)
        bytes.withUnsafeBytes { raw in
            while index + 8 <= raw.count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
        }
        while index < bytes.count, bytes[index] < 0x80 { index += 1 }
        return index
    }

    /// Appends the bytes to the builder's text in one copy.
    static func appendText(_ bytes: Span<UInt8>, to builder: inout AttributedTextBuilder) {
        bytes.withUnsafeBufferPointer { builder.appendText(utf8: $0) }
    }

    /// The table of the bytes' lines. With LF endings alone (almost every note), memchr finds
    /// each line end, where the byte loop of ``LineTable`` was a tenth of reading a note.
    static func lineTable(_ bytes: [UInt8]) -> LineTable {
        let span = bytes.span
        guard firstIndex(of: cr, in: span, from: 0) == nil else { return LineTable(span) }
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 2)
        var offset = 0
        while let found = firstIndex(of: lf, in: span, from: offset) {
            offset = found + 1
            starts.append(offset)
        }
        return LineTable(starts: starts, count: bytes.count)
    }
}
