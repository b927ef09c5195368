/// An `http:` or `https:` address split into the parts web embeds look at. Read by hand rather
/// than by `URLComponents`, which refuses addresses browsers take (unescaped `|` or spaces in a
/// query) and would make such a video a plain image.
struct WebAddress: Sendable {
    /// Lowercased, without `www.`, user or port: `youtube.com`, `youtu.be`.
    var host: String
    /// From the first `/` up to `?` or `#`, as written (`/watch`, `/shorts/abc`); `/` when empty.
    var path: String
    /// `name=value` pairs of the query, as written (not percent-decoded).
    var query: [(name: String, value: String)]
    /// After `#`, as written.
    var fragment: String

    /// Nil unless `text` starts with `http://` or `https://` (in any case) and names a host.
    init?(_ text: String) {
        let lower = text.prefix(8).lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = text.dropFirst(7)
        } else {
            return nil
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let colon = authority.lastIndex(of: ":") { authority = authority[..<colon] }
        var host = authority.lowercased()
        if host.hasPrefix("www.") { host.removeFirst(4) }
        guard !host.isEmpty else { return nil }
        self.host = host
        var tail = rest[authorityEnd...]
        if let hash = tail.firstIndex(of: "#") {
            fragment = String(tail[tail.index(after: hash)...])
            tail = tail[..<hash]
        } else {
            fragment = ""
        }
        if let mark = tail.firstIndex(of: "?") {
            query = tail[tail.index(after: mark)...].split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
            tail = tail[..<mark]
        } else {
            query = []
        }
        path = tail.isEmpty ? "/" : String(tail)
    }

    /// The first value of the query parameter `name`.
    func value(of name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The path's segments, without empty ones: `/shorts/abc/` is `["shorts", "abc"]`.
    var segments: [Substring] { path.split(separator: "/") }

    /// Whether the host is `domain` or one of its subdomains.
    func isOn(_ domain: String) -> Bool {
        host == domain || host.hasSuffix("." + domain)
    }
}
