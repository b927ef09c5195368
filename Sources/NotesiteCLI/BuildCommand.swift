import Foundation
import SiteBuilder

/// `notesite build [VAULT] ...` and `notesite check [VAULT] ...`: the same build, written out or not.
struct BuildCommand {
    enum Mode: String { case build, check }

    var mode: Mode
    var options: BuildOptions
    var output: ReportOutput

    /// Reads and checks the arguments; a problem is a usage error.
    init(_ arguments: [String], mode: Mode = .build) throws(Arguments.UsageError) {
        self.mode = mode
        let parsed = try Arguments(arguments, spec: mode == .build ? Self.spec : Self.checkSpec)
        let vault = try parsed.vault()
        var jobs: Int?
        if let text = parsed.options["--jobs"] {
            guard let value = Int(text), value >= 1 else {
                throw .init("--jobs takes a whole number of 1 or more, got '\(text)'")
            }
            jobs = value
        }
        let output = parsed.options["--output"].map { URL(fileURLWithPath: $0) }
        options = BuildOptions(
            vault: vault, output: output, strict: parsed.has("--strict"), jobs: jobs,
            force: parsed.has("--force"))
        if let text = parsed.options["--base-url"] {
            guard let url = SiteConfiguration.normalizedBaseURL(text) else {
                throw .init(
                    "--base-url takes an absolute http(s) URL such as https://example.org/notes/, got '\(text)'"
                )
            }
            options.baseURL = url
        }
        options.imageFormat = try Self.parsedImageFormat(parsed)
        if parsed.has("--quiet") && parsed.has("--verbose") {
            throw .init("--quiet and --verbose cannot be used together")
        }
        if let json = parsed.options["--json"], json.isEmpty {
            throw .init("--json needs a file name, or '-'")
        }
        self.output = ReportOutput(
            command: mode.rawValue, quiet: parsed.has("--quiet"), verbose: parsed.has("--verbose"),
            timings: parsed.has("--timings") || parsed.has("--verbose"),
            color: try ColorChoice(parsing: parsed.options["--color"]), json: parsed.options["--json"])
    }

    func run(console: Console) async -> Int32 {
        var options = options
        options.endsWithProcess = true
        var bar: Task<Void, Never>?
        if ProgressBar.wanted(console: console, quiet: output.quiet) {
            let progress = BuildProgress()
            options.progress = progress
            bar = Task { await ProgressBar(progress: progress, console: console).run() }
        }
        let report = mode == .build ? await SiteBuild.run(options) : await SiteBuild.check(options)
        bar?.cancel()
        await bar?.value
        return output.show(report, vault: options.vault, strict: options.strict, console: console)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    static func displayPath(_ url: URL) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(current) ? String(url.path.dropFirst(current.count)) : url.path
    }
}
