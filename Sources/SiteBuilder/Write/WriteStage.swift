import Foundation
import NoteModel

/// Write: the site into a staging folder beside the output, then put in place: moved into an output
/// of plain files and folders file by changed file, else swapped in whole (``StagingWriter``,
/// ``OutputFolder``). A cold build's pages are in the staging folder already (Pages wrote each as it
/// was made, ``SiteFiles/staged``); this writes the rest.
struct WriteStage: BuildStage {
    static let name = "write"

    let output: URL
    /// Checked before the swap: a vault deleted (or unmounted) mid-build leaves pages without notes.
    let vault: URL
    /// The build's staging folder, when Pages wrote into it; else one is started here.
    var staging: StagingWriter?

    struct Output: StageOutput {
        var wrote: Bool
        var diagnostics: [Diagnostic]
    }

    func steps(for site: SiteFiles) -> Int { site.files.count + site.staged.count }

    func run(_ site: SiteFiles, _ context: StageContext) async -> Output {
        let staging = staging ?? StagingWriter(output: output, jobs: context.jobs)
        guard VaultBoundary(root: vault) != nil else {
            staging.abandon()
            let message =
                "the vault '\(vault.path)' disappeared during the build; the previous site is left as it was"
            return Output(wrote: false, diagnostics: [.error(message)])
        }
        do {
            try staging.finish(site, jobs: context.jobs)
            return Output(wrote: true, diagnostics: [])
        } catch {
            return Output(
                wrote: false, diagnostics: [.error("cannot write the site to '\(output.path)': \(error)")])
        }
    }
}
