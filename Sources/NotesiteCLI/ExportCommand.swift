import Foundation
import SiteBuilder

/// `notesite export [PATH] --output FILE`: one self-contained HTML file (or, with `--pdf`, a PDF)
/// of a note, a folder or a whole vault, made by the build's own stages.
struct ExportCommand {
    var options: ExportOptions
    /// `--output`: a file, or `-` for stdout.
    var destination: String
    var pdf: Bool
    var output: ReportOutput

    /// Past this size the file is still written, with a warning: mail and many tools refuse it.
    var largeFile = 100 * 1_000_000

    init(_ arguments: [String]) throws(Arguments.UsageError) {
        let parsed = try Arguments(arguments, spec: Self.spec)
        guard parsed.positionals.count <= 1 else {
            throw .init("expected at most one note, folder or vault, got \(parsed.positionals.count)")
        }
        let subject = URL(fileURLWithPath: parsed.positionals.first ?? ".")
        guard FileManager.default.fileExists(atPath: subject.path) else {
            throw .init("'\(subject.relativePath)' does not exist")
        }
        guard let destination = parsed.options["--output"], !destination.isEmpty else {
            throw .init("--output FILE is required ('-' writes to stdout)")
        }
        self.destination = destination
        pdf = parsed.has("--pdf")
        if pdf && destination == "-" { throw .init("--pdf needs a file to write, not '-'") }
        if destination == "-" && parsed.options["--json"] == "-" {
            throw .init("--output - and --json - cannot share stdout")
        }
        let vault: URL
        if let given = parsed.options["--vault"] {
            vault = URL(fileURLWithPath: given)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: vault.path, isDirectory: &isFolder),
                isFolder.boolValue
            else { throw .init("vault '\(given)' is not a folder") }
        } else {
            vault = ExportOptions.vault(
                holding: subject, current: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        }
        var jobs: Int?
        if let text = parsed.options["--jobs"] {
            guard let value = Int(text), value >= 1 else {
                throw .init("--jobs takes a whole number of 1 or more, got '\(text)'")
            }
            jobs = value
        }
        var build = BuildOptions(vault: vault, strict: parsed.has("--strict"), jobs: jobs)
        if let text = parsed.options["--base-url"] {
            guard let url = SiteConfiguration.normalizedBaseURL(text) else {
                throw .init(
                    "--base-url takes an absolute http(s) URL such as https://example.org/notes/, got '\(text)'"
                )
            }
            build.baseURL = url
        }
        build.imageFormat = try BuildCommand.parsedImageFormat(parsed)
        var links = ExportOptions.OutsideLinks.site
        if let text = parsed.options["--links"] {
            let names = ExportOptions.OutsideLinks.allCases.map(\.rawValue)
            guard let value = ExportOptions.OutsideLinks(rawValue: text) else {
                throw .init(
                    "--links takes text or site, got '\(text)'" + Suggestion.hint(for: text, in: names))
            }
            links = value
        }
        let file = destination == "-" ? nil : URL(fileURLWithPath: destination)
        options = ExportOptions(build: build, subject: subject, file: file, outsideLinks: links)
        if parsed.has("--quiet") && parsed.has("--verbose") {
            throw .init("--quiet and --verbose cannot be used together")
        }
        if let json = parsed.options["--json"], json.isEmpty {
            throw .init("--json needs a file name, or '-'")
        }
        output = ReportOutput(
            command: "export", quiet: parsed.has("--quiet"), verbose: parsed.has("--verbose"),
            timings: parsed.has("--timings") || parsed.has("--verbose"),
            color: try ColorChoice(parsing: parsed.options["--color"]), json: parsed.options["--json"])
    }

    func run(console: Console) async -> Int32 {
        var options = options
        options.build.endsWithProcess = true
        var bar: Task<Void, Never>?
        if ProgressBar.wanted(console: console, quiet: output.quiet) {
            let progress = BuildProgress()
            options.build.progress = progress
            bar = Task { await ProgressBar(progress: progress, console: console).run() }
        }
        let result = await SiteExport.run(options)
        bar?.cancel()
        await bar?.value
        var report = result.report
        var output = output
        if let file = options.file { report.output = file }
        report.noteCount = result.noteCount
        // The `--json` report's pages are the file's notes, not every page the build made.
        report.pageCount = result.noteCount
        report.pagePaths = result.pages
        report.imageCount = result.imageCount
        if let document = result.document, document.count > largeFile {
            report.diagnostics.append(
                .warning(
                    "the exported file is \(Self.size(document.count)), past 100 MB: mail and many tools refuse files that large"
                ))
        }
        // Under --strict any problem, the size too, writes nothing.
        let blocked = options.build.strict && !report.diagnostics.isEmpty
        if let document = result.document, !blocked {
            do {
                try write(document, console: console)
                report.wroteOutput = true
                output.exported = summary(result, bytes: document.count)
            } catch {
                report.diagnostics.append(.error("cannot write '\(destination)': \(error)"))
            }
        }
        return output.show(report, vault: options.build.vault, strict: options.build.strict, console: console)
    }

    private func write(_ document: Data, console: Console) throws {
        guard let file = options.file else {
            console.out(String(decoding: document, as: UTF8.self))
            return
        }
        if pdf {
            try PDFPrinter.print(document, to: file)
        } else {
            try document.write(to: file, options: .atomic)
        }
    }

    private func summary(_ result: SiteExport.Result, bytes: Int) -> String {
        let place = options.file.map { BuildCommand.displayPath($0) } ?? "stdout"
        let what = BuildCommand.count(result.noteCount, "note")
        let size =
            pdf
            ? Self.size((try? Data(contentsOf: URL(fileURLWithPath: destination)).count) ?? 0)
            : Self.size(bytes)
        return "notesite: exported \(what) to \(place)\(pdf ? " as PDF" : ""), \(size)"
    }

    /// `1.4 MB`, `812 KB`: decimal units, as file managers show them.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return String(format: "%.1f MB", Double(bytes) / 1e6) }
        if bytes >= 1_000 { return String(format: "%.0f KB", Double(bytes) / 1e3) }
        return "\(bytes) bytes"
    }
}
