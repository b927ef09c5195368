import Foundation
import NoteModel

/// Write: the site into a staging folder beside the output, then swapped in whole (``OutputFolder``).
/// The only stage that writes (the caches aside).
struct WriteStage: BuildStage {
    static let name = "write"

    let output: URL
    /// Checked before writing: a vault deleted (or unmounted) mid-build leaves pages without notes.
    let vault: URL

    struct Output: StageOutput {
        var wrote: Bool
        var diagnostics: [Diagnostic]
    }

    func steps(for site: SiteFiles) -> Int { site.files.count }

    func run(_ site: SiteFiles, _ context: StageContext) async -> Output {
        guard VaultBoundary(root: vault) != nil else {
            let message =
                "the vault '\(vault.path)' disappeared during the build; the previous site is left as it was"
            return Output(wrote: false, diagnostics: [.error(message)])
        }
        do {
            try OutputFolder(target: output).replace(with: site, jobs: context.jobs)
            return Output(wrote: true, diagnostics: [])
        } catch {
            return Output(
                wrote: false, diagnostics: [.error("cannot write the site to '\(output.path)': \(error)")])
        }
    }
}
