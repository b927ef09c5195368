/// The folders of site and vault paths (`a/b/page.html` is in `a/b`, which is in `a`).
enum FolderPaths {
    /// Every folder that `paths` (of files) are in, their parents included.
    static func holding(_ paths: some Sequence<String>) -> Set<String> {
        var folders: Set<String> = []
        for path in paths {
            var folder = Self.folder(of: path)
            while let found = folder {
                let name = String(found)
                guard folders.insert(name).inserted else { break }
                folder = Self.folder(of: name)
            }
        }
        return folders
    }

    /// The folder part of `path`, before its last `/` (nil without one), as `lastIndex(of: "/")`
    /// finds it: on bytes when `path` is ASCII, where searching by characters cost hundreds of
    /// instructions a path (beyond ASCII, a `/` with a combining mark after it is no `/`).
    static func folder(of path: String) -> Substring? {
        var path = path
        let slash: Int?? = path.withUTF8 { bytes in
            var last: Int?
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 { return .none }
                if byte == UInt8(ascii: "/") { last = index }
            }
            return .some(last)
        }
        guard let slash else { return path.lastIndex(of: "/").map { path[..<$0] } }
        return slash.map { path[..<path.utf8.index(path.utf8.startIndex, offsetBy: $0)] }
    }
}
