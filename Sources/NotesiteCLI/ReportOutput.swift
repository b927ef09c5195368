import Foundation
import NoteModel
import SiteBuilder

/// How a build's report is shown: diagnostics and a summary for people on stderr, workflow commands
/// for GitHub Actions and the `--json` report for programs.
struct ReportOutput {
    var command: String
    var quiet = false
    var verbose = false
    var timings = false
    var color = ColorChoice.auto
    /// `--json`: a file name, or `-` for stdout.
    var json: String?
    /// `notesite export`'s line about the file it wrote; nil when it wrote none.
    var exported: String?

    /// Prints everything and returns the exit status.
    func show(_ report: BuildReport, vault: URL, strict: Bool, console: Console) -> Int32 {
        var report = report
        report.diagnostics = report.diagnostics.map(FlagHints.adding)
        let colored = color.enabled(for: console)
        let diagnostics = report.sortedDiagnostics
        // All in one write: a large vault's thousands of warnings were a system call each.
        if !diagnostics.isEmpty {
            console.err(diagnostics.map { Self.text(of: $0, colored: colored) + "\n" }.joined())
        }
        // `--json -` owns stdout; the annotations then go nowhere (the report has the same facts).
        if console.isGitHubActions && json != "-" && !diagnostics.isEmpty {
            console.out(diagnostics.map { GitHubAnnotation.line(for: $0) + "\n" }.joined())
        }
        var code = report.exitCode(strict: strict)
        if !quiet { summarize(report, console: console) }
        if code != 0 && report.errorCount == 0 {
            console.err("notesite: --strict: warnings count as errors\n")
        }
        if let json {
            let data = report.json(command: command, vault: vault, strict: strict)
            if json == "-" {
                console.out(String(decoding: data, as: UTF8.self) + "\n")
            } else {
                do {
                    try (data + Data("\n".utf8)).write(to: URL(fileURLWithPath: json), options: .atomic)
                } catch {
                    console.err(
                        "notesite: error: cannot write the report to '\(json)': \(error.localizedDescription)\n"
                    )
                    code = NotesiteCLI.failure
                }
            }
        }
        return code
    }

    private func summarize(_ report: BuildReport, console: Console) {
        let output = BuildCommand.displayPath(report.output)
        if command == "export" {
            console.err(exported.map { $0 + "\n" } ?? "notesite: export failed, nothing written\n")
        } else if command == "check" {
            console.err(
                "notesite: checked \(BuildCommand.count(report.pageCount, "page")); nothing written\n")
        } else if report.wroteOutput {
            console.err("notesite: wrote \(BuildCommand.count(report.pageCount, "page")) to \(output)\n")
        } else {
            console.err("notesite: build failed, \(output) left as it was\n")
        }
        if verbose, let cache = report.imageCache {
            console.err("notesite: images: \(cache.encodes) encoded, \(cache.hits) from the cache\n")
        }
        if verbose, let code = report.codeCache {
            console.err(
                "notesite: code blocks: \(code.highlighted) highlighted, \(code.hits) from the cache\n")
        }
        if verbose {
            for notice in report.notices { console.err("notesite: \(notice)\n") }
        }
        if timings {
            for (name, duration) in report.stages {
                console.err(String(format: "  %7.3f s  ", BuildCommand.seconds(duration)) + name + "\n")
            }
        }
        console.err(Self.summaryLine(report) + "\n")
    }

    /// `412 notes, 96 images, 3 warnings in 1.84 s` (errors are named only when there are some).
    static func summaryLine(_ report: BuildReport) -> String {
        var parts = [
            BuildCommand.count(report.noteCount, "note"), BuildCommand.count(report.imageCount, "image"),
        ]
        if report.errorCount > 0 { parts.append(BuildCommand.count(report.errorCount, "error")) }
        parts.append(BuildCommand.count(report.warningCount, "warning"))
        return parts.joined(separator: ", ")
            + String(format: " in %.2f s", BuildCommand.seconds(report.duration))
    }

    /// `file:line:col: error: message`, with the severity in colour on a terminal.
    static func text(of diagnostic: Diagnostic, colored: Bool) -> String {
        guard colored else { return diagnostic.description }
        let place = diagnostic.location.map { "\u{1B}[1m\($0):\u{1B}[0m " } ?? "notesite: "
        let severity =
            diagnostic.severity == .error ? "\u{1B}[1;31merror:\u{1B}[0m" : "\u{1B}[1;35mwarning:\u{1B}[0m"
        return place + severity + " " + diagnostic.message
    }
}
