/// The one HTML escaper. `&`, `<`, `>` and `"` become entities, as cmark escapes text and attribute
/// values (so notesite's output stays byte-identical to cmark's); with `singleQuote`, `'` too,
/// for template values that may stand in single-quoted attributes.
public enum HTMLText {
    public static func appendEscaped(
        _ bytes: UnsafeBufferPointer<UInt8>, singleQuote: Bool = false, to output: inout [UInt8]
    ) {
        var runStart = 0
        for index in bytes.indices {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'") where singleQuote: entity = "&#39;"
            default: continue
            }
            output.append(contentsOf: bytes[runStart..<index])
            output.append(
                contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            runStart = index + 1
        }
        output.append(contentsOf: bytes[runStart..<bytes.count])
    }

    /// Escapes any bytes, contiguous or not. Inlinable, so callers get it specialized for their
    /// sequence: unspecialized, each call went through protocol witnesses to reach the bytes.
    @inlinable
    public static func appendEscaped(
        _ utf8: some Sequence<UInt8>, singleQuote: Bool = false, to output: inout [UInt8]
    ) {
        let done: Void? = utf8.withContiguousStorageIfAvailable {
            appendEscaped($0, singleQuote: singleQuote, to: &output)
        }
        if done == nil {
            Array(utf8).withUnsafeBufferPointer { appendEscaped($0, singleQuote: singleQuote, to: &output) }
        }
    }

    public static func escaped(_ text: String, singleQuote: Bool = false) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var text = text
        text.withUTF8 { appendEscaped($0, singleQuote: singleQuote, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }
}

extension String {
    /// Escaped for HTML text and double-quoted attribute values (and XML: feeds, sitemaps).
    public var htmlEscaped: String { HTMLText.escaped(self) }
}
