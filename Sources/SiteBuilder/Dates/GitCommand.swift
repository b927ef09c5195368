import ChildProcess
import Foundation
import Glibc

/// `git` run in the vault's folder, its standard output read whole. Git is needed only by a vault
/// in a work tree: a vault with no `.git` above it never looks for the program, and a missing
/// program is no error (the notes then carry their files' times).
struct GitCommand: Sendable {
    /// The program's path.
    let executable: String
    /// The vault's real path: every command runs there, so `--relative` and `-- .` keep git to
    /// the vault's own paths when the vault is a folder of a larger repository.
    let folder: String

    /// What a command printed, and whether it ended well.
    struct Result {
        let output: Data
        let succeeded: Bool
    }

    /// Git in `folder`, when some folder from it upwards has a `.git` (a folder, or a file as in a
    /// linked work tree or a submodule) and git is on PATH; nil otherwise, found with a few
    /// `stat`s and no process.
    static func inWorkTree(_ folder: String) -> GitCommand? {
        guard hasGitAbove(folder), let git = executableOnPath() else { return nil }
        return GitCommand(executable: git, folder: folder)
    }

    static func hasGitAbove(_ folder: String) -> Bool {
        var current = folder
        while true {
            var info = stat()
            if stat(current + (current == "/" ? ".git" : "/.git"), &info) == 0 { return true }
            guard let slash = current.lastIndex(of: "/"), current != "/" else { return false }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    static func executableOnPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/git"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs `git` with `arguments` (standard error discarded); nil when it could not start.
    func run(_ arguments: [String]) -> Result? {
        // The user's pager, colours and external diff never apply; the repository is found from
        // `folder` alone, whatever the build's own environment says.
        var environment = ProcessInfo.processInfo.environment
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PAGER", "GIT_EXTERNAL_DIFF"] {
            environment[name] = nil
        }
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["LC_ALL"] = "C"
        let process: ChildProcess
        do {
            process = try ChildProcess(
                executable, ["-c", "core.quotepath=off", "-c", "log.showSignature=false"] + arguments,
                output: .pipe, error: .null, environment: environment, directory: folder)
        } catch {
            return nil
        }
        let output = (try? process.output?.readToEnd()) ?? nil
        return Result(output: output ?? Data(), succeeded: process.exitCode() == 0)
    }
}
