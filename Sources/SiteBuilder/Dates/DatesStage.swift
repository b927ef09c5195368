import Foundation
import NoteModel

/// Dates: each note's file times, from git when the vault is in a work tree (one `git log` over
/// the history, the commits since the last build only when the cache kept that build's), else
/// from the file's modification time, which the scan already has: a vault outside git pays nothing.
struct DatesStage: BuildStage {
    static let name = "dates"

    /// Where the history read is kept between builds; nil: read whole each build.
    let cacheFolder: URL?

    struct Output: StageOutput {
        var dates: VaultDates
        var diagnostics: [Diagnostic]
    }

    func run(_ vault: Vault, _ context: StageContext) async -> Output {
        let git = GitDates.read(vault: vault.root.path, cacheFolder: cacheFolder)
        var diagnostics: [Diagnostic] = []
        if git?.shallow == true {
            diagnostics.append(
                .warning(
                    "the vault's git history is shallow (a shallow clone): created and updated dates "
                        + "come from the few commits it has, so most are wrong; fetch the whole history "
                        + "(GitHub Actions: 'fetch-depth: 0' in actions/checkout; elsewhere "
                        + "'git fetch --unshallow')"))
        }
        return Output(dates: VaultDates(git: git, entries: vault.entries), diagnostics: diagnostics)
    }
}

/// Every vault file's times, as ``DatesStage`` found them.
struct VaultDates: Sendable {
    let git: GitDates?
    /// The scan's entries: their modification times.
    let entries: [String: Vault.Entry]

    /// No file times at all (a note made in memory, in tests).
    static let none = VaultDates(git: nil, entries: [:])

    /// A file's first and last commit, its modification time as the last one when it is changed
    /// and not committed, or its modification time as both when git does not know it.
    func times(of path: String) -> FileTimes? {
        let modified = entries[path].map { Int64($0.stamp.modified.tv_sec) }
        if let git, let dates = git.files[path] {
            guard git.modified.contains(path), let modified, modified > dates.updated else {
                return FileTimes(created: dates.created, updated: dates.updated, updatedByFile: false)
            }
            return FileTimes(created: dates.created, updated: modified, updatedByFile: true)
        }
        return modified.map { FileTimes(created: $0, updated: $0, updatedByFile: true) }
    }
}
