/// JSON string literals that are also safe inside an HTML `<script>` element: `<`, `>` and `&` are
/// escaped, so no `</script>` or `<!--` can end or change the script, and U+2028/U+2029 too, which
/// older JavaScript reads as line ends. Works on UTF-8 bytes: search indexes hold megabytes of text.
/// `inScript: false` leaves `<`, `>` and `&` as they are, for a script file that is never inline
/// (link previews are mostly HTML: escaping it would add a fifth to their size).
public enum JSONString {
    public static func literal(_ text: String) -> String { literal(text, inScript: true) }

    public static func literal(_ text: String, inScript: Bool) -> String {
        // Most literals (the search vocabulary's thousands of terms) need no escape: quoted as they
        // are, without going through a buffer.
        let bytes = text.utf8.span
        let isPlain = plainCount(bytes, 0, inScript ? Self.scriptPlainBytes : Self.plainBytes) == bytes.count
        if isPlain { return "\"" + text + "\"" }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        append(text, inScript: inScript, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``literal(_:inScript:)``'s bytes appended to `out`, for JSON written as bytes: a string
    /// made (and checked) per literal, only to be copied into a larger one, showed in profiles.
    public static func append(_ text: String, inScript: Bool = true, to out: inout [UInt8]) {
        append(utf8: text.utf8.span, inScript: inScript, to: &out)
    }

    /// ``append(_:inScript:to:)`` of text already in UTF-8 bytes (valid UTF-8: HTML the writer made).
    public static func append(utf8 bytes: Span<UInt8>, inScript: Bool = true, to out: inout [UInt8]) {
        let table = inScript ? Self.scriptPlainBytes : Self.plainBytes
        out.append(UInt8(ascii: "\""))
        // Runs of bytes that need no escape are copied whole; the table finds their end.
        var run = 0
        var index = 0
        while true {
            index = plainCount(bytes, index, table)
            guard index < bytes.count else { break }
            let escaped = escape(bytes[index], at: index, in: bytes, inScript: inScript)
            guard escaped != 0 else {
                index += 1
                continue
            }
            HTMLText.append(bytes, run..<index, to: &out)
            if escaped > 0xFF {
                appendUnicodeEscape(escaped, to: &out)
            } else {
                out.append(92)
                out.append(UInt8(escaped))
            }
            index += escaped >= 0x2028 ? 3 : 1
            run = index
        }
        HTMLText.append(bytes, run..<bytes.count, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// Where the run of plain bytes from `start` ends. The table is read through its span, whose
    /// count, checked once, frees each byte's read of it from a bounds check (an array's checks
    /// were half of escaping the search index's text).
    @inline(__always)
    private static func plainCount(_ bytes: Span<UInt8>, _ start: Int, _ table: [Bool]) -> Int {
        let plain = table.span
        guard plain.count == 256, start >= 0 else { return start }
        var index = start
        while index < bytes.count, plain[Int(bytes[index])] { index &+= 1 }
        return index
    }

    /// Per byte value, whether it is always written as it is: in a script, and anywhere. 0xE2 may
    /// start U+2028 or U+2029.
    private static let scriptPlainBytes = table(special: Array("\"\\<>&".utf8) + [0xE2])
    private static let plainBytes = table(special: Array("\"\\".utf8) + [0xE2])

    private static func table(special: [UInt8]) -> [Bool] {
        (0...255).map { $0 >= 0x20 && !special.contains(UInt8($0)) }
    }

    /// How the byte at `index` is written: 0 as it is, a letter below 0x100 after a backslash
    /// (`"`, `\`, `n`, `r`, `t`), else the code point written as `\uXXXX` (U+2028 and U+2029 take
    /// their three bytes).
    private static func escape(
        _ byte: UInt8, at index: Int, in bytes: Span<UInt8>, inScript: Bool
    ) -> UInt32 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): return UInt32(byte)
        case UInt8(ascii: "\n"): return UInt32(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): return UInt32(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): return UInt32(UInt8(ascii: "t"))
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
            return inScript ? 0x100 | UInt32(byte) : 0
        case 0..<0x20: return 0x100 | UInt32(byte)
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] | 1) == 0xA9:
            return bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029
        default: return 0
        }
    }

    /// `\uXXXX` for `value`, whose bit 0x100 only marks a control or HTML character.
    private static func appendUnicodeEscape(_ value: UInt32, to out: inout [UInt8]) {
        let code = value >= 0x2028 ? value : value & 0xFF
        out.append(92)
        out.append(UInt8(ascii: "u"))
        for shift in stride(from: UInt32(12), through: 0, by: -4) {
            let digit = UInt8(code >> shift & 0xF)
            out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}
