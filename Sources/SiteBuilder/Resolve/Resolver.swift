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
    /// bytes when `path` is ASCII (beyond, a `/` and a combining mark after it are one character),
    /// through their pointer: walking the UTF-8 view cost a thousand instructions a path.
    static func lastPart(_ path: String) -> Substring {
        var path = path
        let bounds: Range<Int>?? = path.withUTF8 { bytes in
            var high: UInt8 = 0
            for byte in bytes { high |= byte }
            guard high < 0x80 else { return .none }
            guard let last = bytes.lastIndex(where: { $0 != UInt8(ascii: "/") }) else { return .some(nil) }
            let start = bytes[..<last].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            return .some(start..<last + 1)
        }
        guard let bounds else { return path.split(separator: "/").last ?? "" }
        guard let bounds else { return "" }
        let utf8 = path.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bounds.lowerBound)
        return path[start..<utf8.index(start, offsetBy: bounds.count)]
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

    /// Joins `path` onto `folder`, resolving `.` and `..`; nil when it climbs above the root.
    static func normalize(_ path: String, under folder: String) -> String? {
        // Most links are plain (`b.md` under `a`): joining them is all there is to do. Read and
        // joined through the bytes' pointers: walking the UTF-8 views and appending to a String
        // cost some fifteen hundred instructions a path.
        var path = path
        var folder = folder
        guard path.withUTF8({ isPlain($0, allowingEmpty: false) }),
            folder.withUTF8({ isPlain($0, allowingEmpty: true) })
        else { return normalizeASCII(path, under: folder) ?? normalizeByParts(path, under: folder) }
        if folder.isEmpty { return path }
        return folder.withUTF8 { folderBytes in
            path.withUTF8 { pathBytes in
                String(unsafeUninitializedCapacity: folderBytes.count + 1 + pathBytes.count) { joined in
                    let slash = joined.initialize(fromContentsOf: folderBytes)
                    joined[slash] = UInt8(ascii: "/")
                    let rest = UnsafeMutableBufferPointer(rebasing: joined[(slash + 1)...])
                    return slash + 1 + rest.initialize(fromContentsOf: pathBytes)
                }
            }
        }
    }

    /// ``normalizeByParts(_:under:)`` on bytes when both are ASCII (each `/` byte then a
    /// separator), nil otherwise: splitting into substrings cost some twenty thousand
    /// instructions a path.
    static func normalizeASCII(_ path: String, under folder: String) -> String?? {
        var path = path
        var folder = folder
        return folder.withUTF8 { folderBytes -> String?? in
            path.withUTF8 { pathBytes -> String?? in
                var high: UInt8 = 0
                for byte in folderBytes { high |= byte }
                for byte in pathBytes { high |= byte }
                guard high < 0x80 else { return nil }
                var joined: [UInt8] = []
                joined.reserveCapacity(folderBytes.count + pathBytes.count + 1)
                // Where each part kept so far begins in `joined`, its `/` included, for `..`.
                var starts: [Int] = []
                func forEachPart(of bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Bool) -> Bool {
                    var start = 0
                    for index in 0...bytes.count
                    where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                        defer { start = index + 1 }
                        if index > start, !body(start..<index) { return false }
                    }
                    return true
                }
                func append(_ part: UnsafeBufferPointer<UInt8>) {
                    starts.append(joined.count)
                    if !joined.isEmpty { joined.append(UInt8(ascii: "/")) }
                    joined.append(contentsOf: part)
                }
                // The folder's parts are kept as they are, `.` and `..` too, as the walk by parts keeps them.
                _ = forEachPart(of: folderBytes) { part in
                    append(UnsafeBufferPointer(rebasing: folderBytes[part]))
                    return true
                }
                let inside = forEachPart(of: pathBytes) { part in
                    let isDot = pathBytes[part.lowerBound] == UInt8(ascii: ".")
                    if part.count == 1, isDot { return true }
                    if part.count == 2, isDot, pathBytes[part.lowerBound + 1] == UInt8(ascii: ".") {
                        guard let start = starts.popLast() else { return false }
                        joined.removeSubrange(start...)
                        return true
                    }
                    append(UnsafeBufferPointer(rebasing: pathBytes[part]))
                    return true
                }
                return inside ? .some(String(decoding: joined, as: UTF8.self)) : .some(nil)
            }
        }
    }

    /// Whether `path` is parts joined by single `/`, none of them `.` or `..`.
    static func isPlain(_ path: UnsafeBufferPointer<UInt8>, allowingEmpty: Bool) -> Bool {
        var length = 0
        var dots = 0
        for byte in path {
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
