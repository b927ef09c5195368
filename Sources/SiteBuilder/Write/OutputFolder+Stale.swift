import Foundation
import Glibc

extension OutputFolder {
    /// Removes the staging and retired folders (`.NAME.staging-PID`, `.NAME.old-PID`) that builds
    /// killed mid-write left beside the output. A folder whose process is still a running notesite
    /// is another build at work and is left alone; any other (the process is gone, or its number
    /// now belongs to another program) is stale. Returns the folders removed.
    @discardableResult
    func removeStaleFolders(jobs: Int = 1) -> [URL] {
        let parent = target.deletingLastPathComponent()
        let own = ProcessInfo.processInfo.processIdentifier
        let output = target.lastPathComponent
        // The parent can be a big shared folder (/tmp): only names starting ".NAME." are made Strings.
        let prefix = Array(".\(output).".utf8)
        var names: [String] = []
        _ = FolderEntries.forEach(in: parent.path) { name, _ in
            if name.starts(with: prefix) { names.append(String(decoding: name, as: UTF8.self)) }
            return true
        }
        var removed: [URL] = []
        for name in names {
            guard let pid = Self.leftoverProcess(name, output: output), pid != own,
                !Self.isRunningNotesite(pid)
            else { continue }
            let folder = parent.appendingPathComponent(name)
            Self.remove(folder, jobs: jobs)
            removed.append(folder)
        }
        return removed
    }

    /// The process number in `.NAME.staging-PID` or `.NAME.old-PID`; nil for any other name.
    static func leftoverProcess(_ name: String, output: String) -> pid_t? {
        for kind in ["staging", "old"] {
            let prefix = ".\(output).\(kind)-"
            guard name.hasPrefix(prefix) else { continue }
            let digits = name.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let pid = pid_t(digits), pid > 0 else {
                return nil
            }
            return pid
        }
        return nil
    }

    /// Whether `pid` is alive and was started as notesite (the `notesite` command, or a test
    /// runner of the notesite package): its first command-line word names notesite.
    static func isRunningNotesite(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        let first = line.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false).first ?? Data()
        let program = String(decoding: first, as: UTF8.self).split(separator: "/").last ?? ""
        return program.hasPrefix("notesite")
    }
}
