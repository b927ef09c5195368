import Foundation

/// What an image reference written in a note names, before it is looked up in the vault.
enum ImageReference: Sendable, Hashable {
    /// A file path, percent-decoded and without `?query` or `#fragment`:
    /// `my%20photo.png` and `<my photo.png>` both give `my photo.png`.
    case local(String)
    /// Left as the author wrote it: `https:`, `data:` and other URLs are never fetched.
    case remote

    init(destination: String) {
        self = Self.ascii(destination) ?? Self.general(destination)
    }

    /// Any destination, by Characters.
    static func general(_ destination: String) -> ImageReference {
        if destination.hasPrefix("//") || Self.hasScheme(destination) { return .remote }
        var path = destination
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        return .local(path.removingPercentEncoding ?? path)
    }

    /// The same answer for an ASCII destination (every link is asked this), on bytes: no
    /// Character walk, and percent-decoding only where a `%` is.
    static func ascii(_ destination: String) -> ImageReference? {
        var destination = destination
        // Through the bytes' pointer, one pass, no per-byte set lookups: walking the UTF-8 view by
        // index cost two thousand instructions a link, and a `"+-.".utf8.contains` per byte most
        // of the rest.
        let scan: (end: Int, hasPercent: Bool)?? = destination.withUTF8 { bytes in
            var high: UInt8 = 0
            for byte in bytes { high |= byte }
            guard high < 0x80 else { return .none }
            if bytes.count >= 2, bytes[0] == UInt8(ascii: "/"), bytes[1] == UInt8(ascii: "/") {
                return .some(nil)
            }
            // Still reading what may be a scheme: letters, then letters, digits, `+`, `-`, `.`.
            var inScheme = true
            var hasPercent = false
            for index in bytes.indices {
                let byte = bytes[index]
                if inScheme {
                    if byte == UInt8(ascii: ":") {
                        if index != 0 { return .some(nil) }
                        inScheme = false
                    } else if !Self.isSchemeByte(byte, first: index == 0) {
                        inScheme = false
                    }
                }
                if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                    return .some((index, hasPercent))
                }
                if byte == UInt8(ascii: "%") { hasPercent = true }
            }
            return .some((bytes.count, hasPercent))
        }
        guard let scan else { return nil }
        guard let (end, hasPercent) = scan else { return .remote }
        let utf8 = destination.utf8
        let path =
            end == utf8.count
            ? destination : String(destination[..<utf8.index(utf8.startIndex, offsetBy: end)])
        guard hasPercent else { return .local(path) }
        return .local(path.removingPercentEncoding ?? path)
    }

    /// A letter, or past the first byte also a digit, `+`, `-` or `.`.
    private static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
        let lower = byte | 0x20
        if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") { return true }
        if first { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// `scheme:` per RFC 3986: a letter, then letters, digits, `+`, `-`, `.`, then a colon.
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
