import Foundation
import Testing

@testable import NotesiteCLI

/// The parser: every command's help, usage errors with the message they print, suggestions, exit codes.
@Suite struct CommandLineTests {
    @Test(arguments: [
        "init", "build", "check", "export", "serve", "render", "theme", "clean", "completions", "help",
    ])
    func helpForEveryCommand(name: String) async {
        let (code, viaHelp) = await run("help", name)
        #expect(code == 0)
        #expect(viaHelp.stdout.hasPrefix("USAGE: notesite \(name)"), "\(viaHelp.stdout)")
        #expect(viaHelp.stderr.isEmpty)
        let (flagCode, viaFlag) = await run(name, "--help")
        #expect(flagCode == 0)
        #expect(viaFlag.stdout == viaHelp.stdout)
    }

    @Test func helpListsEveryCommand() async {
        for arguments in [["help"], ["--help"], ["-h"]] {
            let captured = Captured()
            let code = await NotesiteCLI.main(arguments: arguments, console: captured.console)
            #expect(code == 0)
            for command in Subcommand.all {
                #expect(captured.stdout.contains("\n  \(command.name) "), "\(command.name) missing")
            }
        }
    }

    /// Each usage error: its arguments and a part of the one line it prints; all exit 64.
    @Test(arguments: [
        (["biuld"], "unknown command 'biuld'; did you mean 'build'?"),
        (["chekc"], "unknown command 'chekc'; did you mean 'check'?"),
        (["serv"], "unknown command 'serv'; did you mean 'serve'?"),
        (["frobnicate"], "unknown command 'frobnicate'\n"),
        (["--verison"], "unknown option '--verison'; did you mean '--version'?"),
        (["help", "biuld"], "unknown command 'biuld'; did you mean 'build'?"),
        (["help", "build", "check"], "help takes one command name"),
        (["build", "--stirct"], "unknown option '--stirct'; did you mean '--strict'?"),
        (["build", "--ouptut", "x"], "unknown option '--ouptut'; did you mean '--output'?"),
        (["build", "--base-ulr", "x"], "did you mean '--base-url'?"),
        (["check", "--force"], "unknown option '--force'\n"),
        (["check", "--jsno", "-"], "did you mean '--json'?"),
        (["render", "--smrat"], "did you mean '--smart'?"),
        (
            ["render", "--syntax", "gmf"],
            "unsupported --syntax 'gmf' (supported: commonmark, gfm, notes); did you mean 'gfm'?"
        ),
        (["theme", "ejcet"], "expected 'eject' (the only theme command); did you mean 'eject'?"),
        (["clean"], "say what to clean: --cache"),
        (["clean", "--cahce"], "did you mean '--cache'?"),
        (["serve", "--prot", "80"], "did you mean '--port'?"),
        (["serve", "--port", "70000"], "--port takes a number from 0 to 65535, got '70000'"),
        (
            ["build", "--color", "allways"],
            "--color takes auto, always or never, got 'allways'; did you mean 'always'?"
        ),
        (["build", "--quiet", "--verbose"], "--quiet and --verbose cannot be used together"),
        (
            ["build", "--image-format", "jpg"],
            "--image-format takes auto, png, jpeg, webp, avif, original, got 'jpg'; did you mean 'jpeg'?"
        ),
        (
            ["serve", "--image-format", "gif"],
            "--image-format takes auto, png, jpeg, webp, avif, original, got 'gif'"
        ),
        (["build", "--base-url", "example.org"], "--base-url takes an absolute http(s) URL"),
        (["build", "--json"], "--json needs a value"),
        (["build", "--json="], "--json needs a file name, or '-'"),
        (["build", "--jobs", "0"], "--jobs takes a whole number of 1 or more, got '0'"),
        (["check", "/no/such/vault"], "vault '/no/such/vault' is not a folder"),
        (["build", "-q=1"], "--quiet takes no value"),
        (["init", "a", "b"], "expected at most one folder, got 2"),
        (["init", "--forse"], "did you mean '--force'?"),
    ])
    func usageError(arguments: [String], message: String) async {
        let captured = Captured()
        let code = await NotesiteCLI.main(arguments: arguments, console: captured.console)
        #expect(code == 64)
        #expect(captured.stdout.isEmpty)
        #expect(captured.stderr.hasPrefix("notesite: error: "), "\(captured.stderr)")
        #expect(captured.stderr.contains(message), "\(captured.stderr)")
        #expect(captured.stderr.contains("\nSee 'notesite "), "\(captured.stderr)")
    }

    @Test func usageErrorPointsAtTheCommandsHelp() async {
        let (_, captured) = await run("check", "--nope")
        #expect(captured.stderr.hasSuffix("See 'notesite help check'.\n"))
    }

    @Test func helpAfterDoubleDashIsAName() async {
        // `--` ends the options: `--help` after it is a vault name, which does not exist.
        let (code, captured) = await run("check", "--", "--help")
        #expect(code == 64)
        #expect(captured.stderr.contains("vault '--help' is not a folder"))
    }

    @Test func shortFlags() async throws {
        let vault = try temporaryVault(["a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let (quiet, quietOut) = await run("check", "-q", vault.path)
        #expect(quiet == 0)
        #expect(quietOut.stderr.isEmpty, "\(quietOut.stderr)")
        let (verbose, verboseOut) = await run("check", "-v", vault.path)
        #expect(verbose == 0)
        #expect(verboseOut.stderr.contains(" s  resolve\n"))
    }
}

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("biuld", "build"), ("buidl", "build"), ("bild", "build"), ("BUILD", "build"), ("chek", "check"),
        ("serv", "serve"), ("rendr", "render"), ("them", "theme"), ("clena", "clean"), ("int", "init"),
    ])
    func closeTyposFindTheCommand(typed: String, expected: String) {
        #expect(Suggestion.closest(to: typed, in: Subcommand.all.map(\.name)) == expected)
    }

    @Test(arguments: ["frobnicate", "xyz", "publish", "deploy"])
    func farNamesSuggestNothing(typed: String) {
        #expect(Suggestion.closest(to: typed, in: Subcommand.all.map(\.name)) == nil)
    }

    @Test func editDistance() {
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("ab", "ba") == 1)
        #expect(Suggestion.editDistance("same", "same") == 0)
    }
}

@Suite struct LeadingOptionsTests {
    @Test func outputOptionsMayComeBeforeTheCommand() async throws {
        let vault = try troubledVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let captured = Captured(terminal: true)
        let code = await NotesiteCLI.main(
            arguments: ["-q", "--color", "never", "check", vault.path], console: captured.console)
        #expect(code == 1)
        #expect(
            !captured.stderr.contains("\u{1B}[1m") && !captured.stderr.contains(/\d+ notes?, \d+ images?/),
            "\(captured.stderr)")
        #expect(captured.stderr.contains(": error: "))
    }

    @Test func leadingOptionsAreSplitOff() {
        let (options, rest) = NotesiteCLI.leadingOutputOptions(["--verbose", "--color=always", "build", "-q"])
        #expect(options == ["--verbose", "--color=always"])
        #expect(rest == ["build", "-q"])
        #expect(NotesiteCLI.leadingOutputOptions(["--color"]).rest == ["--color"])
    }

    @Test func optionsBeforeACommandThatDoesNotTakeThemAreUsageErrors() async {
        let (code, captured) = await run("--quiet", "render")
        #expect(code == 64)
        #expect(captured.stderr.contains("unknown option '--quiet'"))
    }

    @Test func imageStageShowsItsCountWithoutABar() {
        let line = ProgressBar.line(.init(stage: "images", done: 0, total: 96))
        #expect(line == "notesite: images (96)...")
    }
}
