import HTMLText

/// Interpolated values: escaped with `'` too, so they are safe inside single-quoted attributes.
enum HTMLEscaper {
    static func append(_ text: String, escaped: Bool, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            if escaped {
                HTMLText.appendEscaped(bytes, singleQuote: true, to: &output)
            } else {
                output.append(contentsOf: bytes)
            }
        }
    }
}
