import CodeHighlighter
import Foundation
import Glibc

/// What git says of the vault's files for one build: each file's first and last commit, which
/// tracked files differ from the last commit (a note being edited), and whether the history is
/// shallow (a CI checkout's default: every file then looks created by the one commit it has).
struct GitDates: Sendable, Hashable {
    var files: [String: GitHistory.FileDates]
    /// Vault-relative paths of tracked files changed since the last commit (staged or not).
    var modified: Set<String>
    var shallow: Bool

    /// The vault's history read with one `git log` (only the commits since the last build's, when
    /// the cache holds that build's state and they are still its descendants); nil when the vault
    /// is not in a work tree, git is missing, or the repository has no commit.
    static func read(vault root: String, cacheFolder: URL?) -> GitDates? {
        guard let git = GitCommand.inWorkTree(root),
            let place = git.run(["rev-parse", "--is-shallow-repository", "--show-prefix", "HEAD"]),
            place.succeeded
        else { return nil }
        let lines = String(decoding: place.output, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, !lines[2].isEmpty else { return nil }
        let (prefix, head) = (String(lines[1]), String(lines[2]))
        let cache = cacheFolder.map(GitDatesCache.init(folder:))
        let history = Self.history(git, head: head, prefix: prefix, kept: cache?.read())
        if let cache, history.kept != true { cache.write(history.state) }
        var modified: Set<String> = []
        if let changed = git.run([
            "diff", "HEAD", "--name-only", "-z", "--relative", "--no-renames", "--", ".",
        ]) {
            for path in changed.output.split(separator: 0) where !path.isEmpty {
                modified.insert(String(decoding: path, as: UTF8.self))
            }
        }
        return GitDates(files: history.state.files, modified: modified, shallow: lines[0] == "true")
    }

    /// The history up to `head`: the kept one as it is, or with the commits since applied, or
    /// read whole (no cache, another vault folder, or a rewritten history: the kept head is no
    /// longer an ancestor of `head`).
    private static func history(_ git: GitCommand, head: String, prefix: String, kept: GitHistory?) -> (
        state: GitHistory, kept: Bool
    ) {
        if var kept, kept.prefix == prefix {
            if kept.head == head { return (kept, true) }
            if git.run(["merge-base", "--is-ancestor", kept.head, head])?.succeeded == true,
                let log = git.run(GitHistory.logArguments(range: "\(kept.head)..\(head)")), log.succeeded
            {
                kept.apply(log: [UInt8](log.output))
                kept.head = head
                return (kept, false)
            }
        }
        var state = GitHistory(head: head, prefix: prefix, files: [:])
        if let log = git.run(GitHistory.logArguments(range: head)), log.succeeded {
            state.apply(log: [UInt8](log.output))
        }
        return (state, false)
    }
}

/// The history kept between builds in `<cache folder>/git/dates.bin`: the head commit, the vault's
/// folder in the repository and every file's dates, so a build reads only the commits since.
struct GitDatesCache: Sendable {
    /// Raise when ``GitHistory`` reads a log differently.
    static let formatVersion = 1
    let url: URL

    init(folder: URL) {
        url = folder.appendingPathComponent("git", isDirectory: true).appendingPathComponent("dates.bin")
    }

    /// `notesite-git-dates VERSION`, head, prefix, then path, created, updated for each file:
    /// every field ended by a NUL (paths can hold any other byte).
    static func encode(_ history: GitHistory) -> Data {
        var fields = ["notesite-git-dates \(formatVersion)", history.head, history.prefix]
        for (path, dates) in history.files.sorted(by: { $0.key < $1.key }) {
            fields += [path, String(dates.created), String(dates.updated)]
        }
        var data = Data()
        for field in fields {
            data.append(contentsOf: field.utf8)
            data.append(0)
        }
        return data
    }

    /// The history a file holds; nil when it is missing, of another format or not whole.
    static func decode(_ data: Data) -> GitHistory? {
        guard data.last == 0 else { return nil }
        let fields = data.dropLast().split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard fields.count >= 3, fields[0] == "notesite-git-dates \(formatVersion)",
            (fields.count - 3) % 3 == 0
        else { return nil }
        var files: [String: GitHistory.FileDates] = [:]
        files.reserveCapacity((fields.count - 3) / 3)
        for start in stride(from: 3, to: fields.count, by: 3) {
            guard let created = Int64(fields[start + 1]), let updated = Int64(fields[start + 2]) else {
                return nil
            }
            files[fields[start]] = GitHistory.FileDates(created: created, updated: updated)
        }
        return GitHistory(head: fields[1], prefix: fields[2], files: files)
    }

    func read() -> GitHistory? { CacheFile.read(url).flatMap(Self.decode) }

    /// Kept for the next build; a failure to write only costs that build a whole log.
    func write(_ history: GitHistory) { try? CacheFile.replace(url, with: Self.encode(history)) }

    /// Removes the kept history, and its folder when nothing else is in it (`notesite clean --cache`).
    static func removeCache(in cacheFolder: URL) {
        let cache = GitDatesCache(folder: cacheFolder)
        unlink(cache.url.path)
        rmdir(cache.url.deletingLastPathComponent().path)
    }
}
