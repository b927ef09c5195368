/// Whether bytes are well-formed UTF-8, read without making a `String`: a note's text is read as
/// bytes from disk to model, and the `String` a check would make was most of the check's cost.
public enum UTF8Validation {
    /// Well-formed as Unicode defines it: no overlong forms, no surrogates, nothing past U+10FFFF,
    /// no sequence cut short. ASCII, most of any note, is passed over eight bytes at a time
    /// (``Byte/asciiEnd(in:from:)``): the standard library's validator took five times as long.
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        let bytes = bytes.span
        let count = bytes.count
        var index = 0
        while index < count {
            index = Byte.asciiEnd(in: bytes, from: index)
            guard index < count else { break }
            let lead = bytes[index]
            // The second byte's range depends on the lead (Unicode's table 3-7); later ones are
            // any continuation byte.
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xED: (length, high) = (3, 0x9F)
            case 0xE1...0xEF: length = 3
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF4: (length, high) = (4, 0x8F)
            case 0xF1...0xF3: length = 4
            default: return false
            }
            guard index + length <= count, (low...high).contains(bytes[index + 1]) else { return false }
            for next in index + 2..<index + length where bytes[next] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
