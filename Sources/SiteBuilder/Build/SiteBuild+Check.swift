import Foundation
import NoteModel

extension SiteBuild {
    /// `notesite check`: everything `run` checks (configuration, output folder, notes, links, images,
    /// front matter, templates), with the site made in memory and never written.
    public static func check(_ options: BuildOptions) async -> BuildReport {
        let start = ContinuousClock.now
        var options = options
        if !options.outputGiven {
            let (configuration, _) = loadConfiguration(
                options.vault, display: DisplayPaths(vault: options.vault))
            if let output = configuration.output {
                options.output = options.vault.appendingPathComponent(output).standardizedFileURL
            }
        }
        var outputProblem: [Diagnostic] = []
        do {
            try OutputFolder.check(target: options.output, vault: options.vault, force: options.force)
        } catch {
            outputProblem = [.error("\(error)")]
        }
        var (_, report) = await make(options)
        report.diagnostics += outputProblem
        report.duration = ContinuousClock.now - start
        return report
    }
}
