import Foundation
import NoteModel
import SiteBuilder
import Testing

@testable import NotesiteCLI

/// A vault with one error (a missing image), one warning (an unknown setting) and a good note.
func troubledVault() throws -> URL {
    try temporaryVault([
        "b.md": "# B\n\nSee [[Nowhere]].\n\n![gone](gone.png)\n",
        "a.md": "# A\n",
        "notesite.yml": "colour: blue\n",
    ])
}

/// What people and CI logs read: diagnostics, summary, quiet/verbose, colour, annotations, progress.
@Suite struct BuildOutputTests {
    @Test func diagnosticsSortedThenSummary() async throws {
        let vault = try troubledVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run("build", vault.path)
        #expect(code == 1)
        let lines = captured.stderr.split(separator: "\n").map(String.init)
        let problems = lines.filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(problems.count >= 2, "\(captured.stderr)")
        // Sorted by file: b.md before notesite.yml, and within b.md by line.
        let files = problems.map { $0.split(separator: ":")[0] }
        #expect(files == files.sorted(), "\(problems)")
        #expect(
            problems.contains { $0.contains("b.md:5:1: error: image 'gone.png' not found") }, "\(problems)")
        #expect(problems.contains { $0.contains("notesite.yml:1:1: warning: unknown setting 'colour'") })
        let summary = try #require(lines.last)
        #expect(
            summary.wholeMatch(of: /2 notes, 0 images, \d+ errors?, \d+ warnings? in \d+\.\d\d s/) != nil,
            "\(summary)")
        #expect(captured.stdout.isEmpty)
    }

    @Test func quietPrintsProblemsOnly() async throws {
        let vault = try troubledVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run("build", "--quiet", vault.path)
        #expect(code == 1)
        for line in captured.stderr.split(separator: "\n") {
            #expect(line.contains(": error: ") || line.contains(": warning: "), "\(line)")
        }
        #expect(!captured.stderr.isEmpty)
    }

    @Test func verbosePrintsStagesAndCache() async throws {
        let vault = try temporaryVault(["a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run("build", "--verbose", vault.path)
        #expect(code == 0)
        #expect(captured.stderr.contains("images: 0 encoded, 0 from the cache"), "\(captured.stderr)")
        // Every stage, in pipeline order, one line each.
        let stages = captured.stderr.split(separator: "\n").compactMap { line in
            line.firstRange(of: " s  ").map { String(line[$0.upperBound...]) }
        }
        #expect(
            stages == [
                "scan", "dates", "read", "resolve", "graph", "highlight", "images", "files", "explorer",
                "pages", "listings", "previews", "write",
            ])
    }

    @Test(arguments: [
        // (arguments, environment, terminal, coloured)
        ([String](), [String: String](), true, true),
        ([], [:], false, false),
        ([], ["NO_COLOR": "1"], true, false),
        ([], ["NO_COLOR": ""], true, true),
        (["--color", "always"], ["NO_COLOR": "1"], false, true),
        (["--color=never"], [:], true, false),
        (["--color", "auto"], [:], false, false),
    ])
    func colour(flags: [String], environment: [String: String], terminal: Bool, coloured: Bool) async throws {
        let vault = try troubledVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let captured = Captured(environment: environment, terminal: terminal)
        _ = await NotesiteCLI.main(arguments: ["check", vault.path] + flags, console: captured.console)
        #expect(captured.stderr.contains("\u{1B}[1;31merror:\u{1B}[0m") == coloured, "\(captured.stderr)")
        #expect(captured.stderr.contains("\u{1B}[1m") == coloured)
    }

    @Test func githubAnnotationsOnStdout() async throws {
        let vault = try troubledVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run("check", vault.path, environment: ["GITHUB_ACTIONS": "true"])
        #expect(code == 1)
        let lines = captured.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") }, "\(lines)")
        let missing = try #require(lines.first { $0.contains("gone.png") })
        #expect(
            missing.wholeMatch(of: /::error file=.*b\.md,line=5,col=1::image 'gone\.png' not found.*/) != nil,
            "\(missing)")
        // Without GitHub Actions stdout stays empty.
        let (_, plain) = await run("check", vault.path, environment: ["CI": "true"])
        #expect(plain.stdout.isEmpty)
    }

    @Test func annotationFormat() {
        let located = Diagnostic.warning(
            "a, b: 100%\nnext", at: .init(file: "dir,1/a:b.md", line: 3, column: 7))
        #expect(
            GitHubAnnotation.line(for: located)
                == "::warning file=dir%2C1/a%3Ab.md,line=3,col=7::a, b: 100%25%0Anext")
        #expect(GitHubAnnotation.line(for: .error("no place\r")) == "::error::no place%0D")
    }

    @Test(arguments: [
        (true, [String: String](), false, true),
        (false, [:], false, false),
        (true, ["CI": "true"], false, false),
        (true, ["CI": "1"], false, false),
        (true, ["CI": "false"], false, true),
        (true, [:], true, false),
    ])
    func progressOnlyOnATerminalOutsideCI(
        terminal: Bool, environment: [String: String], quiet: Bool, shown: Bool
    ) {
        let console = Captured(environment: environment, terminal: terminal).console
        #expect(ProgressBar.wanted(console: console, quiet: quiet) == shown)
    }

    @Test func progressBarDrawsCountsAndWipesItself() async throws {
        let progress = BuildProgress()
        progress.start("notes", total: 4)
        progress.advance()
        #expect(ProgressBar.line(progress.snapshot, width: 8) == "notesite: notes [##......] 1/4")
        let frames = Captured(terminal: true)
        let drawn = ProgressBar(progress: progress, console: frames.console)
        drawn.draw()
        drawn.wipe()
        #expect(frames.stderr == "\rnotesite: notes [#######.......................] 1/4\u{1B}[K\r\u{1B}[K")
        let captured = Captured(terminal: true)
        let bar = ProgressBar(
            progress: progress, console: captured.console, delay: .zero, interval: .milliseconds(5))
        let task = Task { await bar.run() }
        // Waits for the first drawing, then stops the bar. Tests that keep every thread busy can
        // hold the bar's task back for a long while, hence the generous deadline; under
        // scripts/sanitize the instrumented suite held it back more than 300 s.
        let sanitized = ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] != nil
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(sanitized ? 1800 : 300)
        while captured.stderr.isEmpty && clock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        await task.value
        #expect(captured.stderr.hasPrefix("\rnotesite: notes [#######"), "\(captured.stderr)")
        #expect(captured.stderr.hasSuffix("\r\u{1B}[K"))
    }

    @Test func aBarCancelledBeforeItsDelayDrawsNothing() async {
        let captured = Captured(terminal: true)
        let bar = ProgressBar(progress: BuildProgress(), console: captured.console, delay: .seconds(30))
        let task = Task { await bar.run() }
        task.cancel()
        await task.value
        #expect(captured.stderr.isEmpty)
    }

    @Test func aBuildOnATerminalEndsWithACleanSummary() async throws {
        let vault = try temporaryVault(["a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run("build", vault.path, "--color", "never", terminal: true)
        #expect(code == 0)
        // Whether or not the bar showed (a busy machine is slow), it is wiped before the summary.
        let summary = try #require(captured.stderr.split(separator: "\n").last)
        #expect(summary.wholeMatch(of: /1 note, 0 images, 0 warnings in \d+\.\d\d s/) != nil, "\(summary)")
        let lines = captured.stderr.split(separator: "\n")
        #expect(lines.dropFirst().allSatisfy { !$0.contains("\r") })
    }
}

@Suite struct FlagHintTests {
    @Test func serveProblemsGetTheFlagThatFixesThem() {
        let busy = FlagHints.text(for: .portInUse(host: "127.0.0.1", port: 8000))
        #expect(busy.hasPrefix("port 8000 is already in use") && busy.hasSuffix("(--port)"))
        #expect(FlagHints.text(for: .badHost(host: "x", reason: "no")).hasSuffix("(--host)"))
        #expect(!FlagHints.text(for: .cannotWatch(path: "v", reason: "r")).contains("--"))
    }

    @Test func diagnosticsWithoutARemedyAreLeftAlone() {
        let plain = Diagnostic.error("broken link")
        #expect(FlagHints.adding(to: plain) == plain)
        let output = Diagnostic.error("choose another output folder", remedy: .chooseOutput)
        #expect(FlagHints.adding(to: output).message == "choose another output folder (--output)")
    }
}
