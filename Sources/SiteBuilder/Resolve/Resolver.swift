/// Finds the vault file a reference names, the way Obsidian does (its `getFirstLinkpathDest`,
/// as observed): the path from the vault root, then beside the note (only there for `./` and
/// `../`), then by name anywhere in the vault (the shortest path wins, then alphabetical order,
/// and an equally short one is reported), then all of that again ignoring case.
struct Resolver: Sendable, Hashable {
    enum Resolution: Sendable, Hashable {
        /// `others` are the equally good candidates passed over (a tie worth a warning).
        case found(String, others: [String])
        /// The places looked in, for the error message.
        case notFound(lookedFor: [String])
        /// `..` climbs above the vault's root.
        case outsideVault
    }

    private let exact: Set<String>
    private let byLowercasedPath: [String: [String]]
    private let byLowercasedName: [String: [String]]

    init(paths: [String]) {
        exact = Set(paths)
        byLowercasedPath = Dictionary(grouping: paths) { $0.lowercased() }
        byLowercasedName = Dictionary(grouping: paths) { Self.lastPart($0).lowercased() }
    }

    /// The last of `path`'s parts between `/` (empty parts left out), split at every `/` byte as
    /// ``normalize(_:under:)`` splits.
    static func lastPart(_ path: String) -> Substring {
        let bytes = path.utf8.span
        var end = bytes.count
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] != slash { start -= 1 }
        let utf8 = path.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        return path[from..<utf8.index(from, offsetBy: end - start)]
    }

    func resolve(_ written: String, fromNote notePath: String) -> Resolution {
        resolve(written, inFolder: FolderPaths.folder(of: notePath).map(String.init) ?? "")
    }

    /// ``resolve(_:fromNote:)`` for a note in `noteFolder` (`""` at the root), for a caller that
    /// resolves many links of one note and finds its folder once.
    func resolve(_ written: String, inFolder noteFolder: String) -> Resolution {
        let fromVaultRoot = written.hasPrefix("/") || noteFolder.isEmpty
        guard let relative = Self.normalize(written, under: fromVaultRoot ? "" : noteFolder) else {
            return .outsideVault
        }
        // A path that climbs (`../x.png`) means the note's folder only.
        let fromRoot = fromVaultRoot ? relative : Self.normalize(written, under: "")
        let explicitlyRelative = written.hasPrefix("./") || written.hasPrefix("../")
        var candidates = explicitlyRelative ? [] : fromRoot.map { [$0] } ?? []
        if !candidates.contains(relative) { candidates.append(relative) }
        // The files with the written name, looked up once for both passes.
        var sameName: [String]?
        for ignoringCase in [false, true] {
            for candidate in candidates {
                if let match = lookUp(candidate, ignoringCase: ignoringCase) {
                    return .found(match, others: [])
                }
            }
            guard let fromRoot else { continue }
            let named = sameName ?? files(named: fromRoot)
            sameName = named
            if let match = byName(fromRoot, among: named, ignoringCase: ignoringCase) { return match }
        }
        return .notFound(lookedFor: candidates)
    }

    private func lookUp(_ path: String, ignoringCase: Bool) -> String? {
        if !ignoringCase { return exact.contains(path) ? path : nil }
        return byLowercasedPath[path.lowercased()]?.sorted().first
    }

    /// The files whose last part is `path`'s, ignoring case.
    private func files(named path: String) -> [String] {
        let name = Self.lastPart(path)
        guard !name.isEmpty else { return [] }
        return byLowercasedName[name.lowercased()] ?? []
    }

    /// Files anywhere (of those with its name) whose path ends with the written one: `x.png` or
    /// `images/x.png`.
    private func byName(_ path: String, among named: [String], ignoringCase: Bool) -> Resolution? {
        guard !named.isEmpty else { return nil }
        let suffix = "/" + (ignoringCase ? path.lowercased() : path)
        let matches = named.filter { candidate in
            let compared = "/" + (ignoringCase ? candidate.lowercased() : candidate)
            return compared.hasSuffix(suffix)
        }
        // Obsidian's order: the shortest path as a string (not the fewest folders).
        let ordered = matches.sorted { ($0.utf16.count, $0) < ($1.utf16.count, $1) }
        guard let best = ordered.first else { return nil }
        let ties = ordered.dropFirst().filter { $0.utf16.count == best.utf16.count }
        return .found(best, others: Array(ties))
    }

    /// Joins `path` onto `folder`, resolving `.` and `..` in `path` and leaving out empty parts;
    /// nil when a `..` climbs above the root: the one rule for whether a link leaves the vault (a
    /// Markdown link's `%2e%2e` is decoded before it comes here; a `\` is no separator). Parts are
    /// split at every `/` byte, as the file system splits a vault path (a `/` with a combining mark
    /// after it too); the folder's own parts are kept as they are. On bytes, one pass each: splitting Characters into substrings
    /// cost some twenty thousand instructions a path.
    static func normalize(_ path: String, under folder: String) -> String? {
        var joined: [UInt8] = []
        joined.reserveCapacity(folder.utf8.count + 1 + path.utf8.count)
        let folderBytes = folder.utf8.span
        var start = 0
        for end in 0...folderBytes.count where end == folderBytes.count || folderBytes[end] == slash {
            if end > start { append(folderBytes.extracting(start..<end), to: &joined) }
            start = end + 1
        }
        let pathBytes = path.utf8.span
        start = 0
        for end in 0...pathBytes.count where end == pathBytes.count || pathBytes[end] == slash {
            defer { start = end + 1 }
            let part = pathBytes.extracting(start..<end)
            let dots = part.count <= 2 && part.indices.allSatisfy { part[$0] == UInt8(ascii: ".") }
            if part.isEmpty || dots && part.count == 1 { continue }
            if dots {
                guard !joined.isEmpty else { return nil }
                joined.removeSubrange((joined.lastIndex(of: slash) ?? 0)...)
            } else {
                append(part, to: &joined)
            }
        }
        return String(decoding: joined, as: UTF8.self)
    }

    private static let slash = UInt8(ascii: "/")

    /// Appends a part to a joined path, after a `/` unless it is the first.
    private static func append(_ part: Span<UInt8>, to joined: inout [UInt8]) {
        if !joined.isEmpty { joined.append(slash) }
        for index in part.indices { joined.append(part[index]) }
    }
}
