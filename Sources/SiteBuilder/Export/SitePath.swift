/// A relative reference in a page, as the site path it names: `../assets/style.css` from
/// `guide/images.html` is `assets/style.css`.
enum SitePath {
    /// Nil for what is not a path in the site: an address with a scheme, a fragment alone, a path
    /// from the host's root, or one that climbs out of the site.
    static func resolve(_ reference: String, from pagePath: String) -> String? {
        guard !reference.isEmpty, !reference.hasPrefix("#"), !reference.hasPrefix("/") else { return nil }
        let path = reference.prefix { $0 != "#" && $0 != "?" }
        if let colon = path.firstIndex(of: ":"), !path[..<colon].contains("/") { return nil }
        var parts = pagePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(
            String.init)
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            case ".": continue
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
