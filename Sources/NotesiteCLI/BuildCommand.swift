import Foundation
import SiteBuilder

/// `notesite build [VAULT] [--output DIR] [--strict] [--jobs N]`
struct BuildCommand {
    static let usage = """
        USAGE: notesite build [VAULT] [--output DIR] [--strict] [--jobs N] [--force]

        Turns the notes in VAULT (default: the current folder) into a website.

        OPTIONS:
          --output DIR   where the site goes (default: VAULT/_site); replaced whole, only
                         when it is empty or was made by notesite
          --strict       treat warnings as errors, and keep the old site on any problem (for CI)
          --jobs N       notes and images worked on at once (default: the number of cores)
          --force        replace the output folder even if notesite did not make it
          --timings      print how long each stage took
          -h, --help     show this help

        EXIT STATUS: 0 built (warnings allowed), 1 an error was reported, 64 usage error.

        """

    var options: BuildOptions
    var timings = false

    /// Reads and checks the arguments; a problem is a usage error.
    init(_ arguments: [String]) throws(Arguments.UsageError) {
        let parsed = try Arguments(
            arguments, flags: ["--strict", "--force", "--timings"], options: ["--output", "--jobs"])
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
        timings = parsed.has("--timings")
    }

    func run(console: Console) async -> Int32 {
        let report = await SiteBuild.run(options)
        for diagnostic in report.sortedDiagnostics {
            console.err("\(diagnostic)\n")
        }
        let seconds = String(format: "%.2f", Self.seconds(report.duration))
        let problems =
            Self.count(report.errorCount, "error") + ", " + Self.count(report.warningCount, "warning")
        let output = Self.displayPath(report.output)
        let encoded =
            report.imageCache.flatMap { cache in
                cache.encodes + cache.hits == 0
                    ? nil : " (\(cache.encodes) encoded, \(cache.hits) from the cache)"
            } ?? ""
        if report.wroteOutput {
            console.err(
                "notesite: built \(Self.count(report.pageCount, "page")) with \(Self.count(report.imageCount, "image"))\(encoded) into \(output) in \(seconds) s (\(problems))\n"
            )
        } else {
            console.err("notesite: build failed, \(output) left as it was (\(problems))\n")
        }
        if timings {
            for (name, duration) in report.stages {
                console.err(String(format: "  %7.3f s  ", Self.seconds(duration)) + name + "\n")
            }
        }
        let code = report.exitCode(strict: options.strict)
        if code != 0 && report.errorCount == 0 {
            console.err("notesite: --strict: warnings count as errors\n")
        }
        return code
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
