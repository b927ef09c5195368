import Foundation

/// Where an image reference written in a note points.
enum ImageReference: Sendable, Hashable {
    /// A file in the vault, by vault-relative path.
    case local(String)
    /// Left as the author wrote it: `https:`, `data:` and other URLs are never fetched.
    case remote
    /// A path that climbs out of the vault.
    case outsideVault

    /// Resolves `destination` (as cmark reports it) from the note at `notePath`.
    /// Percent-escapes are decoded, so `my%20photo.png` and `<my photo.png>` name the same file.
    init(destination: String, fromNote notePath: String) {
        if destination.hasPrefix("//") || Self.hasScheme(destination) {
            self = .remote
            return
        }
        var path = destination
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        path = path.removingPercentEncoding ?? path
        var components: [Substring] =
            path.hasPrefix("/") ? [] : notePath.split(separator: "/").dropLast()
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard components.popLast() != nil else {
                    self = .outsideVault
                    return
                }
            default: components.append(part)
            }
        }
        self = .local(components.joined(separator: "/"))
    }

    /// `scheme:` per RFC 3986: a letter, then letters, digits, `+`, `-`, `.`, then a colon.
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
