/// Every file's first and last commit, as read from one `git log --reverse` over the vault's
/// history: the state of the vault's paths after each commit in turn. A rename carries the old
/// path's dates to the new one, so a note keeps its created date when it is moved; a commit that
/// only renames (git's `R100`) does not make it updated. Commits are applied oldest first, so the
/// commits since the last build (`old..HEAD`) apply on top of the state kept for `old`.
struct GitHistory: Sendable, Hashable {
    /// Seconds since 1970 of a file's first commit (under any of its names) and of its last change.
    struct FileDates: Sendable, Hashable {
        var created: Int64
        var updated: Int64
    }

    /// The commit this state is the history up to.
    var head: String
    /// The vault's folder in the repository (`notes/`, or empty at the top), as git names it.
    var prefix: String
    /// Vault-relative paths that exist at ``head`` and their dates.
    var files: [String: FileDates]

    /// The arguments of the `git log` that lists `range` oldest first: for each commit `\u{1}`,
    /// its id and author time, then a NUL; then each change, its status and path(s) each ended by
    /// a NUL; vault-relative paths only (`--relative`, `-- .`).
    static func logArguments(range: String) -> [String] {
        [
            "log", "--format=%x01%H %at", "--name-status", "-M", "--no-merges", "-z", "--relative",
            "--reverse", "--topo-order", "--no-color", range, "--", ".",
        ]
    }

    /// Applies a `git log` output (``logArguments(range:)``); the last commit it lists is the new
    /// ``head`` only when the caller says so (a log can list no commit for the vault at all).
    mutating func apply(log bytes: [UInt8]) {
        var time: Int64 = 0
        var status: [UInt8]?
        var firstPath: String?
        var index = 0
        while index < bytes.count {
            var end = index
            while end < bytes.count, bytes[end] != 0 { end += 1 }
            var token = bytes[index..<end]
            index = end + 1
            if token.first == UInt8(ascii: "\n") { token = token.dropFirst() }
            if token.first == 0x01 {
                // `\u{1}<id> <time>`: the commit's author time.
                let text = token.dropFirst()
                if let space = text.firstIndex(of: UInt8(ascii: " ")) {
                    time = Int64(String(decoding: text[(space + 1)...], as: UTF8.self)) ?? 0
                }
                status = nil
                continue
            }
            guard let current = status else {
                if !token.isEmpty { status = Array(token) }
                firstPath = nil
                continue
            }
            let path = String(decoding: token, as: UTF8.self)
            let kind = current.first ?? 0
            if kind == UInt8(ascii: "R") || kind == UInt8(ascii: "C"), firstPath == nil {
                firstPath = path
                continue
            }
            change(kind: kind, score: current.dropFirst(), from: firstPath, to: path, at: time)
            status = nil
            firstPath = nil
        }
    }

    private mutating func change(
        kind: UInt8, score: ArraySlice<UInt8>, from old: String?, to path: String, at time: Int64
    ) {
        switch kind {
        case UInt8(ascii: "A"):
            files[path] = FileDates(created: time, updated: time)
        case UInt8(ascii: "D"):
            files[path] = nil
        case UInt8(ascii: "R"):
            var dates =
                old.flatMap { files.removeValue(forKey: $0) } ?? FileDates(created: time, updated: time)
            // A rename with the same bytes moves the note; one with edits also changes it.
            if Array(score) != Array("100".utf8) { dates.updated = max(dates.updated, time) }
            files[path] = dates
        case UInt8(ascii: "C"):
            files[path] = FileDates(created: time, updated: time)
        default:
            // M, T (and U, X, which a log does not list): the file's bytes changed.
            if var dates = files[path] {
                dates.updated = max(dates.updated, time)
                files[path] = dates
            } else {
                files[path] = FileDates(created: time, updated: time)
            }
        }
    }
}
