import HTMLText

/// Interpolated values: escaped with `'` too, so they are safe inside single-quoted attributes.
enum HTMLEscaper {
    static func append(_ text: String, escaped: Bool, to output: inout [UInt8]) {
        if escaped {
            HTMLText.appendEscaped(text.utf8.span, singleQuote: true, to: &output)
        } else {
            output.append(contentsOf: text.utf8)
        }
    }
}
