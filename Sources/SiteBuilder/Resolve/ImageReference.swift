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
        // Through the bytes' pointer: walking the UTF-8 view by index cost two thousand
        // instructions a link.
        let end: Int?? = destination.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return .none }
            if bytes.count >= 2, bytes[0] == UInt8(ascii: "/"), bytes[1] == UInt8(ascii: "/") {
                return .some(nil)
            }
            var sawScheme = false
            var schemeValid = true
            for index in bytes.indices {
                let byte = bytes[index]
                if !sawScheme, schemeValid, byte == UInt8(ascii: ":") {
                    sawScheme = true
                    if index != 0 { return .some(nil) }
                }
                if !sawScheme, schemeValid {
                    let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                    let isOther = byte >= 0x30 && byte <= 0x39 || "+-.".utf8.contains(byte)
                    if !(isLetter || (index != 0 && isOther)) { schemeValid = false }
                }
                if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return .some(index) }
            }
            return .some(bytes.count)
        }
        guard let end else { return nil }
        guard let end else { return .remote }
        let utf8 = destination.utf8
        let path =
            end == utf8.count
            ? destination : String(destination[..<utf8.index(utf8.startIndex, offsetBy: end)])
        guard path.utf8.contains(UInt8(ascii: "%")) else { return .local(path) }
        return .local(path.removingPercentEncoding ?? path)
    }

    /// `scheme:` per RFC 3986: a letter, then letters, digits, `+`, `-`, `.`, then a colon.
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
