import Foundation
import NoteModel

/// `notesite build` and `notesite check`: the configuration read once, the output folder checked,
/// the stages run (``BuildPipeline``), and for `build` the site written.
public enum SiteBuild {
    /// Builds the site and puts it in the output folder (``StagingWriter``).
    public static func run(_ options: BuildOptions) async -> BuildReport {
        let start = ContinuousClock.now
        var options = options
        let configuration = LoadedConfiguration.load(for: &options)
        do {
            try OutputFolder.check(target: options.output, vault: options.vault, force: options.force)
        } catch {
            var report = BuildReport(
                diagnostics: configuration.diagnostics + [error.diagnostic], output: options.output)
            report.duration = ContinuousClock.now - start
            return report
        }
        // Pages go to the staging folder as they are made (a cold build keeps no `memory`).
        let staging = options.memory == nil ? StagingWriter(output: options.output, jobs: options.jobs) : nil
        var (site, report) = await BuildPipeline(
            options: options, configuration: configuration, staging: staging
        )
        .make()
        // Under strict checking a build with any problem is a failed build: the old site stays.
        if let site, !(options.strict && !report.diagnostics.isEmpty) {
            var runner = StageRunner(context: StageContext(options, configuration), report: report)
            let write = WriteStage(output: options.output, vault: options.vault, staging: staging)
            let written = await runner.run(write, site)
            report = runner.report
            report.wroteOutput = written.wrote
        } else {
            staging?.abandon()
        }
        report.duration = ContinuousClock.now - start
        return report
    }

    /// Everything `run` checks (configuration, output folder, notes, links, images, front matter,
    /// templates), with the site made in memory and never written.
    public static func check(_ options: BuildOptions) async -> BuildReport {
        let start = ContinuousClock.now
        var options = options
        let configuration = LoadedConfiguration.load(for: &options)
        var outputProblem: [Diagnostic] = []
        do {
            try OutputFolder.check(target: options.output, vault: options.vault, force: options.force)
        } catch {
            outputProblem = [error.diagnostic]
        }
        var (_, report) = await BuildPipeline(options: options, configuration: configuration).make()
        report.diagnostics += outputProblem
        report.duration = ContinuousClock.now - start
        return report
    }

    /// The whole site in memory, nothing written: what `serve` serves. Nil when it cannot be made.
    public static func make(_ options: BuildOptions) async -> (SiteFiles?, BuildReport) {
        var options = options
        let configuration = LoadedConfiguration.load(for: &options)
        return await BuildPipeline(options: options, configuration: configuration).make()
    }

    /// Each note's page: its `permalink` when it has one; the home page is `index.md`, else
    /// `Home.md`, at the vault's root (any case); else the path mirroring its folder.
    static func pagePaths(for notes: [SourceNote], style: URLStyle) -> [String: String] {
        let paths = notes.map(\.path)
        let home =
            paths.first { $0.lowercased() == "index.md" } ?? paths.first { $0.lowercased() == "home.md" }
        return Dictionary(
            uniqueKeysWithValues: notes.map { note in
                if let permalink = note.document.frontMatter?.permalink,
                    let page = style.pagePath(permalink: permalink)
                {
                    return (note.path, page)
                }
                return (note.path, note.path == home ? "index.html" : style.pagePath(forNote: note.path))
            })
    }

    /// Two notes whose pages would land on the same path (`A b.md` and `a-b.md`) cannot both be published.
    static func duplicatePages(_ notes: [SourceNote], pages: [String: String], display: DisplayPaths)
        -> [Diagnostic]
    {
        let byPage = Dictionary(grouping: notes.map(\.path), by: { pages[$0] ?? "" })
        return byPage.filter { $0.value.count > 1 }.map { entry in
            let (page, clash) = (entry.key, entry.value)
            let names = clash.map { "'\($0)'" }.joined(separator: " and ")
            return .error(
                "\(names) would both be published as '\(page)'; rename one",
                at: .init(file: display.name(clash[1]), line: 1, column: 1))
        }
    }
}

/// How files are named in messages: relative to the working folder when the vault is inside it,
/// so editors and terminals can jump to `Site/guide/Images.md:12:3`.
struct DisplayPaths: Sendable {
    let prefix: String

    init(vault: URL) {
        let current = FileManager.default.currentDirectoryPath
        let path = vault.standardizedFileURL.path
        if path == current {
            prefix = ""
        } else if path.hasPrefix(current + "/") {
            prefix = String(path.dropFirst(current.count + 1)) + "/"
        } else {
            prefix = path + "/"
        }
    }

    func name(_ vaultPath: String) -> String { prefix + vaultPath }
}
