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

    /// The last of `path`'s parts between `/`, as `split(separator: "/").last` finds it; on
    /// bytes when `path` is ASCII (beyond, a `/` and a combining mark after it are one character).
    static func lastPart(_ path: String) -> Substring {
        let utf8 = path.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return path.split(separator: "/").last ?? "" }
        guard let end = utf8.lastIndex(where: { $0 != UInt8(ascii: "/") }) else { return "" }
        let start =
            utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        return path[start...end]
    }

    func resolve(_ written: String, fromNote notePath: String) -> Resolution {
        let noteFolder = FolderPaths.folder(of: notePath).map(String.init) ?? ""
        guard let relative = Self.normalize(written, under: written.hasPrefix("/") ? "" : noteFolder) else {
            return .outsideVault
        }
        // A path that climbs (`../x.png`) means the note's folder only.
        let fromRoot = Self.normalize(written, under: "")
        let explicitlyRelative = written.hasPrefix("./") || written.hasPrefix("../")
        var candidates = explicitlyRelative ? [] : fromRoot.map { [$0] } ?? []
        if !candidates.contains(relative) { candidates.append(relative) }
        for ignoringCase in [false, true] {
            for candidate in candidates {
                if let match = lookUp(candidate, ignoringCase: ignoringCase) {
                    return .found(match, others: [])
                }
            }
            if let fromRoot, let match = byName(fromRoot, ignoringCase: ignoringCase) { return match }
        }
        return .notFound(lookedFor: candidates)
    }

    private func lookUp(_ path: String, ignoringCase: Bool) -> String? {
        if !ignoringCase { return exact.contains(path) ? path : nil }
        return byLowercasedPath[path.lowercased()]?.sorted().first
    }

    /// Files anywhere whose path ends with the written one: `x.png` or `images/x.png`.
    private func byName(_ path: String, ignoringCase: Bool) -> Resolution? {
        let name = Self.lastPart(path)
        guard !name.isEmpty else { return nil }
        let suffix = "/" + (ignoringCase ? path.lowercased() : path)
        let matches = (byLowercasedName[name.lowercased()] ?? []).filter { candidate in
            let compared = "/" + (ignoringCase ? candidate.lowercased() : candidate)
            return compared.hasSuffix(suffix)
        }
        // Obsidian's order: the shortest path as a string (not the fewest folders).
        let ordered = matches.sorted { ($0.utf16.count, $0) < ($1.utf16.count, $1) }
        guard let best = ordered.first else { return nil }
        let ties = ordered.dropFirst().filter { $0.utf16.count == best.utf16.count }
        return .found(best, others: Array(ties))
    }

    /// Joins `path` onto `folder`, resolving `.` and `..`; nil when it climbs above the root.
    static func normalize(_ path: String, under folder: String) -> String? {
        // Most links are plain (`b.md` under `a`): joining them is all there is to do.
        if isPlain(path, allowingEmpty: false), isPlain(folder, allowingEmpty: true) {
            return folder.isEmpty ? path : folder + "/" + path
        }
        return normalizeByParts(path, under: folder)
    }

    /// Whether `path` is parts joined by single `/`, none of them `.` or `..`.
    static func isPlain(_ path: String, allowingEmpty: Bool) -> Bool {
        var length = 0
        var dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                guard length > 0, dots < length || length > 2 else { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        if length == 0 { return allowingEmpty && path.isEmpty }
        return dots < length || length > 2
    }

    /// ``normalize(_:under:)`` part by part.
    static func normalizeByParts(_ path: String, under folder: String) -> String? {
        var components = folder.split(separator: "/")
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard components.popLast() != nil else { return nil }
            default: components.append(part)
            }
        }
        return components.joined(separator: "/")
    }
}
