/// The folders above a path (listings, the explorer, link previews), as splitting its characters at `/` and dropping the last part gives
/// (empty parts dropped too). By bytes when the path is ASCII, each byte a character: splitting
/// characters, and even `utf8.split`'s array of slices, showed in the explorer's and the link
/// previews' profiles.
enum FolderNames {
    /// `a/b/c.md` -> `["a", "b"]`.
    static func above(_ path: String) -> [String] {
        var names: [String] = []
        let ascii = forEachFolder(of: path) { names.append(text($0)) }
        return ascii ? names : path.split(separator: "/").dropLast().map(String.init)
    }

    /// `a/b/c.md` -> `a/b`: the folders joined by `/`.
    static func joined(above path: String) -> String {
        if let folder = plainFolder(of: path) { return folder }
        var joined: [UInt8] = []
        let ascii = forEachFolder(of: path) { name in
            if !joined.isEmpty { joined.append(UInt8(ascii: "/")) }
            for index in name.indices { joined.append(name[index]) }
        }
        return ascii
            ? String(decoding: joined, as: UTF8.self)
            : path.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// `a//b/c` -> `["a", "b", "c"]`: every part, as splitting at `/` gives.
    static func parts(of path: String) -> [String] {
        var names: [String] = []
        let ascii = forEachPart(of: path) { part, _ in names.append(text(part)) }
        return ascii ? names : path.split(separator: "/").map(String.init)
    }

    /// `a/b/c` -> `c`: the last part, as splitting at `/` gives; empty when there is none.
    static func lastPart(of path: String) -> String {
        var name = ""
        let ascii = forEachPart(of: path) { part, isLast in
            if isLast { name = text(part) }
        }
        return ascii ? name : path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// The part before the last `/` of an ASCII path without empty parts (no leading, trailing or
    /// doubled `/`), as every page path is: the folders joined as they are written, one slice
    /// (rebuilding them part by part cost two thousand instructions a path). Nil for other paths.
    private static func plainFolder(of path: String) -> String? {
        var path = path
        let slash: Int?? = path.withUTF8 { bytes in
            // A leading `/` follows an empty part, as if one came before it.
            var previous = UInt8(ascii: "/")
            var last: Int?
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x80 else { return .none }
                if byte == UInt8(ascii: "/") {
                    guard previous != UInt8(ascii: "/") else { return .none }
                    last = index
                }
                previous = byte
            }
            return previous == UInt8(ascii: "/") ? .none : .some(last)
        }
        guard let slash else { return nil }
        guard let slash else { return "" }
        return String(path[..<path.utf8.index(path.utf8.startIndex, offsetBy: slash)])
    }

    /// Calls `body` with each non-empty part but the last; false (having called nothing) when
    /// the path is not ASCII.
    private static func forEachFolder(of path: String, _ body: (Span<UInt8>) -> Void) -> Bool {
        forEachPart(of: path) { part, isLast in
            if !isLast { body(part) }
        }
    }

    /// Calls `body` with each non-empty part and whether it is the last; false (having called
    /// nothing) when the path is not ASCII.
    private static func forEachPart(
        of path: String, _ body: (Span<UInt8>, _ isLast: Bool) -> Void
    ) -> Bool {
        let bytes = path.utf8.span
        var high: UInt8 = 0
        for index in bytes.indices { high |= bytes[index] }
        guard high < 0x80 else { return false }
        // A part is only known not to be the last once another part follows.
        var pending: Range<Int>?
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
            defer { start = index + 1 }
            guard index > start else { continue }
            if let part = pending { body(bytes.extracting(part), false) }
            pending = start..<index
        }
        if let part = pending { body(bytes.extracting(part), true) }
        return true
    }

    /// The text of an ASCII part.
    private static func text(_ part: Span<UInt8>) -> String {
        do {
            return String(copying: try UTF8Span(validating: part))
        } catch {
            return ""
        }
    }
}
