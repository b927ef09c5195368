import ChildProcess
import Foundation

/// A git repository made by a test in a temporary folder, with commits at set dates.
struct GitRepository {
    let root: URL

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("notesite-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try git("init", "-q", "-b", "main")
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Sets a file's modification time (seconds since 1970).
    func touch(_ path: String, at seconds: Int) {
        var times = [
            timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0),
        ]
        _ = utimensat(AT_FDCWD, root.appendingPathComponent(path).path, &times, 0)
    }

    /// Commits everything as it is now, authored and committed at `date` (`2021-03-04T10:00:00Z`).
    func commit(at date: String, _ message: String = "change") throws {
        try git("add", "-A")
        try git("commit", "-q", "-m", message, date: date)
    }

    /// Runs git in the repository (or in `folder`); its standard output.
    @discardableResult
    func git(_ arguments: String..., date: String? = nil, in folder: URL? = nil) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_AUTHOR_NAME"] = "Test"
        environment["GIT_AUTHOR_EMAIL"] = "test@example.org"
        environment["GIT_COMMITTER_NAME"] = "Test"
        environment["GIT_COMMITTER_EMAIL"] = "test@example.org"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = root.path
        if let date {
            environment["GIT_AUTHOR_DATE"] = date
            environment["GIT_COMMITTER_DATE"] = date
        }
        let process = try ChildProcess(
            "/usr/bin/git", arguments, output: .pipe, error: .pipe, environment: environment,
            directory: (folder ?? root).path)
        let output = try process.output?.readToEnd() ?? Data()
        let errors = try process.errors?.readToEnd() ?? Data()
        guard process.succeeded else {
            throw Failure(
                description:
                    "git \(arguments.joined(separator: " ")): \(String(decoding: errors, as: UTF8.self))")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
