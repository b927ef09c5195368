/// Stands for a trusted piece inside the authored HTML: one private-use code point per piece, so
/// the parser can never split it (it may move it, as it moves text out of a table). Pieces
/// 0..<65534 use plane 16 (U+100000...), the next 65534 plane 15 (U+F0000...), which icon fonts
/// use, so authored plane-15 characters are touched only in notes with that many pieces.
enum Placeholder {
    static let perPlane = 65534
    static let limit = 2 * perPlane

    static func scalar(_ index: Int) -> UInt32 {
        index < perPlane ? 0x10_0000 + UInt32(index) : 0xF_0000 + UInt32(index - perPlane)
    }

    /// The piece index a code point stands for, when there are `count` pieces.
    @inline(__always)
    static func index(of scalar: UInt32, count: Int) -> Int? {
        if scalar >= 0x10_0000 {
            let index = Int(scalar - 0x10_0000)
            return index < min(count, perPlane) ? index : nil
        }
        if scalar >= 0xF_0000 {
            let index = Int(scalar - 0xF_0000)
            return index < count - perPlane ? index + perPlane : nil
        }
        return nil
    }

    static func appendUTF8(_ index: Int, to bytes: inout [UInt8]) {
        let value = scalar(index)
        bytes.append(0xF0 | UInt8(value >> 18))
        bytes.append(0x80 | UInt8((value >> 12) & 0x3F))
        bytes.append(0x80 | UInt8((value >> 6) & 0x3F))
        bytes.append(0x80 | UInt8(value & 0x3F))
    }

    /// Whether `byte` may start a placeholder's UTF-8 (planes 15 and 16 start with F3 or F4).
    @inline(__always)
    static func mayStart(_ byte: UInt8) -> Bool { byte == 0xF3 || byte == 0xF4 }

    /// Whether any byte of `bytes` may start a placeholder.
    static func mayStart(anyOf bytes: Span<UInt8>) -> Bool {
        for index in bytes.indices where mayStart(bytes[index]) { return true }
        return false
    }

    /// The code point of the four-byte sequence at `index`, or nil when it is not one.
    @inline(__always)
    static func fourByteScalar(_ bytes: Span<UInt8>, at index: Int) -> UInt32? {
        guard index + 3 < bytes.count else { return nil }
        let b1 = bytes[index + 1]
        let b2 = bytes[index + 2]
        let b3 = bytes[index + 3]
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return nil }
        return UInt32(bytes[index] & 0x07) << 18 | UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6
            | UInt32(b3 & 0x3F)
    }
}
