/// The one HTML escaper. `&`, `<`, `>` and `"` become entities, as cmark escapes text and attribute
/// values (so notesite's output stays byte-identical to cmark's); with `singleQuote`, `'` too,
/// for template values that may stand in single-quoted attributes.
public enum HTMLText {
    public static func appendEscaped(
        _ bytes: Span<UInt8>, singleQuote: Bool = false, to output: inout [UInt8]
    ) {
        bytes.withUnsafeBufferPointer { appendEscaped(buffer: $0, singleQuote: singleQuote, to: &output) }
    }

    /// The kernel, on the bytes' pointer: eight bytes are read as one word, and runs are copied
    /// whole (escaping is a good part of writing every page). Through the span's bounds-checked
    /// loads it cost 3.4M instructions more on the bench vault.
    private static func appendEscaped(
        buffer bytes: UnsafeBufferPointer<UInt8>, singleQuote: Bool, to output: inout [UInt8]
    ) {
        guard let base = bytes.baseAddress else { return }
        // Every byte to escape is below 64: one bit of a mask each (`"` 34, `&` 38, `'` 39, `<` 60,
        // `>` 62), so a byte is tested with a compare and a shift, not a switch per byte; and
        // eight bytes at a time are passed over while none of them is one.
        let always: UInt64 = 1 << 34 | 1 << 38 | 1 << 60 | 1 << 62
        let special = singleQuote ? always | 1 << 39 : always
        var runStart = 0
        var index = 0
        while index < bytes.count {
            var end = bytes.count
            if bytes.count - index >= 8 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard mayHoldSpecial(word, singleQuote: singleQuote) else {
                    index += 8
                    continue
                }
                end = index + 8
            }
            while index < end {
                let byte = base[index]
                index += 1
                guard byte < 64, special & (1 << UInt64(byte)) != 0 else { continue }
                output.append(contentsOf: bytes[runStart..<index - 1])
                entity(of: byte).withUTF8Buffer { output.append(contentsOf: $0) }
                runStart = index
            }
        }
        output.append(contentsOf: bytes[runStart...])
    }

    /// Appends `bytes[range]` whole: the one copy out of a span (Array cannot append a Span), for
    /// this file's escaper and ``JSONString``'s runs of bytes that need no escape.
    @inline(__always)
    static func append(_ bytes: Span<UInt8>, _ range: Range<Int>, to output: inout [UInt8]) {
        bytes.extracting(range).withUnsafeBufferPointer { output.append(contentsOf: $0) }
    }

    /// Whether some byte of `word` is one to escape: for each such byte value, the word XOR that
    /// value repeated has a zero byte exactly where the value is, and `(x - 0x01...) & ~x & 0x80...`
    /// is nonzero exactly when `x` has a zero byte.
    @inline(__always)
    private static func mayHoldSpecial(_ word: UInt64, singleQuote: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & (ones << 7) }
        var found =
            zeroBytes(word ^ (ones &* 34)) | zeroBytes(word ^ (ones &* 38)) | zeroBytes(word ^ (ones &* 60))
            | zeroBytes(word ^ (ones &* 62))
        if singleQuote { found |= zeroBytes(word ^ (ones &* 39)) }
        return found != 0
    }

    private static func entity(of byte: UInt8) -> StaticString {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        default: "&#39;"
        }
    }

    /// Escapes any bytes, contiguous or not. Inlinable, so callers get it specialized for their
    /// sequence: unspecialized, each call went through protocol witnesses to reach the bytes.
    @inlinable
    public static func appendEscaped(
        _ utf8: some Sequence<UInt8>, singleQuote: Bool = false, to output: inout [UInt8]
    ) {
        let done: Void? = utf8.withContiguousStorageIfAvailable {
            appendEscaped($0.span, singleQuote: singleQuote, to: &output)
        }
        if done == nil { appendEscaped(Array(utf8).span, singleQuote: singleQuote, to: &output) }
    }

    public static func escaped(_ text: String, singleQuote: Bool = false) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        appendEscaped(text.utf8.span, singleQuote: singleQuote, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

extension String {
    /// Escaped for HTML text and double-quoted attribute values (and XML: feeds, sitemaps).
    public var htmlEscaped: String { HTMLText.escaped(self) }
}
