import NoteModel

/// One named step of the build. A stage is a value holding its settings; it turns its input into
/// its output, which holds everything it made: no stage adds to another's files
/// (``SiteAssembly`` puts the site together). Scan lists the vault; Read, Images and Files read
/// the files they were given from it (Pages the `mermaid` script, Highlight and Graph their
/// caches). Only Write writes the output (the caches aside), but for a cold `notesite build`
/// Pages writes each page into the staging folder as it is made. A stage is written as if every
/// build were cold: what `serve` keeps of it goes through ``StageContext``'s kept results
/// (`Build/KeptResults.swift`).
/// ``StageRunner`` runs, names and times every stage the same way.
protocol BuildStage: Sendable {
    associatedtype Input: Sendable
    associatedtype Output: StageOutput

    /// Shown by `--timings`, the progress bar and the `--json` report's `stages`.
    static var name: String { get }

    /// How many steps the progress bar counts for this input (0: no count).
    func steps(for input: Input) -> Int

    func run(_ input: Input, _ context: StageContext) async -> Output
}

extension BuildStage {
    func steps(for input: Input) -> Int { 0 }
}

/// What every stage's output carries: the problems it found.
protocol StageOutput: Sendable {
    var diagnostics: [Diagnostic] { get }
}

/// What every stage may use besides its input: how much to do at once, where to report progress,
/// and what earlier builds in this process remembered.
struct StageContext: Sendable {
    let jobs: Int
    var progress: BuildProgress?
    var memory: BuildMemory?
    let display: DisplayPaths
    /// A cold `notesite build`'s staging folder: Pages writes each page into it as it is made.
    var staging: StagingWriter?

    init(_ options: BuildOptions, _ configuration: LoadedConfiguration) {
        jobs = options.jobs
        progress = options.progress
        memory = options.memory
        display = configuration.display
    }

    /// Maps `items` on up to `jobs` tasks, in order, advancing the progress bar once per item.
    func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ transform: @escaping @Sendable (Item) async -> Result
    ) async -> [Result] {
        let progress = progress
        return await concurrentMap(items, limit: jobs) { item in
            defer { progress?.advance() }
            return await transform(item)
        }
    }
}
