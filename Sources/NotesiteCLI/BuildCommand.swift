import Foundation
import SiteBuilder

/// `notesite build [VAULT] ...` and `notesite check [VAULT] ...`: the same build, written out or not.
struct BuildCommand {
    enum Mode: String { case build, check }

    static let usage = """
        USAGE: notesite build [VAULT] [--output DIR] [--strict] [--base-url URL] [--json FILE|-]
                              [--jobs N] [--force] [--quiet | --verbose] [--color WHEN]

        Turns the notes in VAULT (default: the current folder) into a website.

        OPTIONS:
          --output DIR      where the site goes (default: VAULT/_site); replaced whole, only
                            when it is empty or was made by notesite
          --strict          treat warnings as errors, and keep the old site on any problem (for CI)
          --base-url URL    the address the site is published at, instead of base_url in notesite.yml
          --json FILE       write a machine-readable report to FILE; '-' prints it on stdout,
                            which then carries nothing else
          --jobs N          notes and images worked on at once (default: the number of cores)
          --force           replace the output folder even if notesite did not make it
          -q, --quiet       print problems only, no summary
          -v, --verbose     also print the image cache and how long each stage took
          --timings         print how long each stage took
          --color WHEN      auto (default: on a terminal, unless NO_COLOR is set), always, never
          -h, --help        show this help

        Under GITHUB_ACTIONS=true, problems are also printed on stdout as workflow commands, so
        they show on the pull request.

        EXIT STATUS: 0 built (warnings allowed), 1 an error was reported (under --strict, a
        warning too), 64 usage error.

        """

    static let checkUsage = """
        USAGE: notesite check [VAULT] [--output DIR] [--strict] [--base-url URL] [--json FILE|-]
                              [--jobs N] [--quiet | --verbose] [--timings] [--color WHEN]

        Checks the notes in VAULT (default: the current folder) as `notesite build` would: the
        settings, front matter, links, images and templates, and whether the output folder can
        be replaced. The site is made in memory and nothing is written (only the image cache).

        OPTIONS:
          --output DIR      the output folder to check (default: VAULT/_site or the output setting)
          --strict          warnings count as errors
          --base-url URL    the address the site is published at, instead of base_url in notesite.yml
          --json FILE       write a machine-readable report to FILE ('-': stdout)
          --jobs N          notes and images worked on at once (default: the number of cores)
          -q, --quiet       print problems only, no summary
          -v, --verbose     also print the image cache and how long each stage took
          --timings         print how long each stage took
          --color WHEN      auto, always or never
          -h, --help        show this help

        EXIT STATUS: 0 no errors (warnings allowed), 1 an error was found (under --strict, a
        warning too), 64 usage error.

        """

    var mode: Mode
    var options: BuildOptions
    var output: ReportOutput

    /// Reads and checks the arguments; a problem is a usage error.
    init(_ arguments: [String], mode: Mode = .build) throws(Arguments.UsageError) {
        self.mode = mode
        let flags = Set(
            ["--strict", "--quiet", "--verbose", "--timings"] + (mode == .build ? ["--force"] : []))
        let parsed = try Arguments(
            arguments, flags: flags, options: ["--output", "--jobs", "--json", "--base-url", "--color"])
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
