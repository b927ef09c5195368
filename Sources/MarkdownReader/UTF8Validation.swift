/// Whether bytes are well-formed UTF-8, read without making a `String`: a note's text is read as
/// bytes from disk to model, and the `String` a check would make was most of the check's cost.
public enum UTF8Validation {
    /// Well-formed as Unicode defines it: no overlong forms, no surrogates, nothing past U+10FFFF,
    /// no sequence cut short (the standard library's validator, on the bytes in place).
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        (try? UTF8Span(validating: bytes.span)) != nil
    }
}
