/// JSON string literals that are also safe inside an HTML `<script>` element: `<`, `>` and `&` are
/// escaped, so no `</script>` or `<!--` can end or change the script, and U+2028/U+2029 too, which
/// older JavaScript reads as line ends. Works on UTF-8 bytes: search indexes hold megabytes of text.
/// `inScript: false` leaves `<`, `>` and `&` as they are, for a script file that is never inline
/// (link previews are mostly HTML: escaping it would add a fifth to their size).
public enum JSONString {
    public static func literal(_ text: String) -> String { literal(text, inScript: true) }

    public static func literal(_ text: String, inScript: Bool) -> String {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(text.utf8.count + 16)
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): out += [92, 34]
            case UInt8(ascii: "\\"): out += [92, 92]
            case UInt8(ascii: "\n"): out += [92, UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [92, UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [92, UInt8(ascii: "t")]
            case UInt8(ascii: "<") where inScript, UInt8(ascii: ">") where inScript,
                UInt8(ascii: "&") where inScript:
                out += unicodeEscape(UInt32(byte))
            case 0..<0x20:
                out += unicodeEscape(UInt32(byte))
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            case 0xE2
            where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] | 1) == 0xA9:
                out += unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                index += 2
            default: out.append(byte)
            }
            index += 1
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    private static func unicodeEscape(_ value: UInt32) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [92, UInt8(ascii: "u")] + [12, 8, 4, 0].map { digits[Int(value >> UInt32($0) & 0xF)] }
    }
}
