import Foundation

/// What an image reference written in a note names, before it is looked up in the vault.
enum ImageReference: Sendable, Hashable {
    /// A file path, percent-decoded and without `?query` or `#fragment`:
    /// `my%20photo.png` and `<my photo.png>` both give `my photo.png`.
    case local(String)
    /// Left as the author wrote it: `https:`, `data:` and other URLs are never fetched.
    case remote

    init(destination: String) {
        if destination.hasPrefix("//") || Self.hasScheme(destination) {
            self = .remote
            return
        }
        var path = destination
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        self = .local(path.removingPercentEncoding ?? path)
    }

    /// `scheme:` per RFC 3986: a letter, then letters, digits, `+`, `-`, `.`, then a colon.
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
