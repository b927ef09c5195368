import Foundation
import NoteModel

/// Write: the site into a staging folder beside the output, then swapped in whole (``OutputFolder``).
/// The only stage that writes (the caches aside).
struct WriteStage: BuildStage {
    static let name = "write"

    let output: URL

    struct Output: StageOutput {
        var wrote: Bool
        var diagnostics: [Diagnostic]
    }

    func steps(for site: SiteFiles) -> Int { site.files.count }

    func run(_ site: SiteFiles, _ context: StageContext) async -> Output {
        do {
            try OutputFolder(target: output).replace(with: site, jobs: context.jobs)
            return Output(wrote: true, diagnostics: [])
        } catch {
            return Output(
                wrote: false, diagnostics: [.error("cannot write the site to '\(output.path)': \(error)")])
        }
    }
}
