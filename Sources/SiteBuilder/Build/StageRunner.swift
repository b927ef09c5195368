/// Runs stages one after another: starts the progress bar on each, times it, and gathers its
/// problems into the report. The pipeline reads as the list of its stages (``BuildPipeline``).
struct StageRunner {
    let context: StageContext
    var report: BuildReport

    mutating func run<Stage: BuildStage>(_ stage: Stage, _ input: Stage.Input) async -> Stage.Output {
        let start = ContinuousClock.now
        context.progress?.start(Stage.name, total: stage.steps(for: input))
        let output = await stage.run(input, context)
        report.stages.append((Stage.name, ContinuousClock.now - start))
        report.diagnostics += output.diagnostics
        return output
    }
}
