/// Decides which vault paths are left out of the site. Always out: hidden names (`.obsidian/`,
/// `.git/`, `.trash/`) and `node_modules/`. Then the `exclude` globs, in gitignore's spirit:
/// `private/` names a folder anywhere, `*.tmp.md` a file name anywhere, and a pattern with a `/`
/// inside (`journal/**/draft-*`) is matched against the whole vault-relative path.
struct PathFilter: Sendable {
    private struct Rule: Sendable {
        let glob: Glob
        let foldersOnly: Bool
        let wholePath: Bool
    }

    private let rules: [Rule]

    init(exclude patterns: [String]) {
        rules = patterns.map { pattern in
            var body = pattern
            let foldersOnly = body.hasSuffix("/")
            while body.hasSuffix("/") { body.removeLast() }
            let wholePath = body.contains("/")
            while body.hasPrefix("/") { body.removeFirst() }
            return Rule(glob: Glob(body), foldersOnly: foldersOnly, wholePath: wholePath)
        }
    }

    /// `path` is vault-relative; `isFolder` says whether it names a folder.
    func excludes(_ path: String, isFolder: Bool) -> Bool {
        excludes(path, name: path.split(separator: "/").last.map(String.init) ?? path, isFolder: isFolder)
    }

    /// The same, for a caller that has the last part of `path` at hand already (the scan).
    func excludes(_ path: String, name: String, isFolder: Bool) -> Bool {
        if name.hasPrefix(".") || (isFolder && name == "node_modules") { return true }
        for rule in rules where !rule.foldersOnly || isFolder {
            let subject = rule.wholePath ? path : name
            if rule.glob.matches(subject) { return true }
        }
        return false
    }
}
