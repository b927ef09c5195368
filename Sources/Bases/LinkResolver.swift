/// Finds which row a link's text names, as Obsidian does: a path (with or without `.md`), else a
/// file name anywhere (the shortest path, then the first in order).
struct LinkResolver: Sendable {
    private var paths: Set<String> = []
    private var byName: [String: String] = [:]

    init(rows: [BaseRow]) {
        for row in rows {
            paths.insert(row.path)
            for name in [row.name, row.basename] {
                if let known = byName[name], known.count <= row.path.count { continue }
                byName[name] = row.path
            }
        }
    }

    /// The path of the row `text` names, or nil.
    func resolve(_ text: String) -> String? {
        var target = Substring(text)
        if target.hasPrefix("/") { target = target.dropFirst() }
        let path = String(target)
        if paths.contains(path) { return path }
        if paths.contains(path + ".md") { return path + ".md" }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let found = byName[name] else { return nil }
        // A name with folders must match the end of the path.
        return path.contains("/") && !found.hasSuffix("/" + path) && !found.hasSuffix("/" + path + ".md")
            ? nil : found
    }
}
