/// Escapes interpolated text for HTML: `&`, `<`, `>`, `"` as the spec requires, and `'` too so values are
/// safe inside single-quoted attributes.
enum HTMLEscaper {
    static func append(_ text: String, escaped: Bool, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            guard escaped else {
                output.append(contentsOf: bytes)
                return
            }
            var runStart = 0
            for (index, byte) in bytes.enumerated() {
                let entity: StaticString
                switch byte {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                output.append(contentsOf: bytes[runStart..<index])
                output.append(
                    contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                runStart = index + 1
            }
            output.append(contentsOf: bytes[runStart..<bytes.count])
        }
    }
}
