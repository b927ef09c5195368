import Foundation
import Testing

@testable import NotesiteCLI

/// `notesite completions bash|zsh|fish`: the scripts run in the real shells, in a folder with two
/// vault folders and a note, and offer what the command table says.
@Suite struct CompletionTests {
    /// A folder with the folders `notes` and `photos` and the file `a.md`.
    static func workingFolder() throws -> URL {
        let folder = try temporaryVault(["notes/n.md": "# N\n", "photos/p.md": "# P\n", "a.md": "# A\n"])
        return folder
    }

    static let commands = "build check clean completions export help init render serve theme"

    /// The words before the cursor as bash splits them (`--color=al` is `--color`, `=`, `al`), and
    /// the sorted candidates it must offer for the last one.
    @Test(arguments: [
        (["notesite", ""], commands + " --help --version -V -h"),
        (["notesite", "bu"], "build"),
        (["notesite", "-q", "bu"], "build"),
        (["notesite", "build", "--co"], "--color"),
        (["notesite", "build", "--color", ""], "always auto never"),
        (["notesite", "build", "--color", "=", "al"], "always"),
        (["notesite", "render", "--syntax", ""], "commonmark gfm notes"),
        (["notesite", "serve", "--image-format", ""], "auto avif jpeg original png webp"),
        (["notesite", "check", "--image-format", "=", "w"], "webp"),
        (["notesite", "build", ""], "notes photos"),
        (["notesite", "build", "--jobs", "2", ""], "notes photos"),
        (["notesite", "build", "--color=always", "--output", "n"], "notes"),
        (["notesite", "build", "notes", ""], ""),
        (["notesite", "check", "--fo"], ""),
        (["notesite", "theme", ""], "eject"),
        (["notesite", "theme", "eject", ""], "notes photos"),
        (["notesite", "render", ""], "a.md notes photos"),
        (["notesite", "completions", ""], "bash fish zsh"),
        (["notesite", "help", ""], commands),
    ])
    func bash(words: [String], expected: String) async throws {
        guard let bash = ExternalTool.required("/bin/bash") else { return }
        let script = try temporaryFile(named: "notesite.bash", contents: await printed("completions", "bash"))
        let folder = try Self.workingFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: script.deletingLastPathComponent())
        }
        let driver = """
            source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _notesite; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try bash.run(["-c", driver, "bash", script.path] + words, in: folder)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let offered = result.stdout.split(separator: "\n").map(String.init).sorted().joined(separator: " ")
        #expect(offered == expected.split(separator: " ").sorted().joined(separator: " "), "\(words)")
    }

    /// A command line typed so far, and the sorted candidates fish offers after it.
    @Test(arguments: [
        ("notesite bu", "build"),
        ("notesite build --col", "--color"),
        ("notesite build --color ", "always auto never"),
        ("notesite render --syntax ", "commonmark gfm notes"),
        ("notesite build --image-format ", "auto avif jpeg original png webp"),
        ("notesite build ", "notes/ photos/"),
        ("notesite build --jobs 2 ", "notes/ photos/"),
        ("notesite build --output p", "photos/"),
        ("notesite theme ", "eject"),
        ("notesite theme eject ", "notes/ photos/"),
        ("notesite completions ", "bash fish zsh"),
        ("notesite check --fo", ""),
    ])
    func fish(line: String, expected: String) async throws {
        guard let fish = ExternalTool.required("/usr/bin/fish") else { return }
        let script = try temporaryFile(named: "notesite.fish", contents: await printed("completions", "fish"))
        let folder = try Self.workingFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: script.deletingLastPathComponent())
        }
        let result = try fish.run(
            ["--no-config", "-c", "source \(script.path); complete -C '\(line)'"], in: folder,
            environment: ["HOME": folder.path, "PATH": "/usr/bin:/bin"])
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let offered = result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(offered.sorted().joined(separator: " ") == expected, "\(line)")
    }

    @Test func zshScriptParsesAndNamesEveryValue() async throws {
        let text = await printed("completions", "zsh")
        #expect(text.hasPrefix("#compdef notesite\n"))
        #expect(
            text.contains("'--syntax=''[commonmark\\: CommonMark 0.30 only]'':NAME:(commonmark gfm notes)'"))
        #expect(text.contains(":WHEN:(auto always never)'"))
        #expect(text.contains(":FORMAT:(auto png jpeg webp avif original)'"))
        #expect(text.contains("'1::VAULT:_files -/'"))
        #expect(text.contains("'1:eject:(eject)'") && text.contains("'2::VAULT:_files -/'"))
        guard let zsh = ExternalTool.required("/usr/bin/zsh") else { return }
        let script = try temporaryFile(named: "_notesite", contents: text)
        defer { try? FileManager.default.removeItem(at: script.deletingLastPathComponent()) }
        let result = try zsh.run(["-n", script.path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    /// Every command and option of the table is in every script (the scripts are made from it).
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyCommandAndOptionIsOffered(shell: String) async {
        let text = await printed("completions", shell)
        for command in Subcommand.table {
            #expect(text.contains(command.name), "\(shell): \(command.name)")
            for option in command.options {
                let spelled = shell == "fish" ? "-l \(option.name.dropFirst(2))" : option.name
                #expect(text.contains(spelled), "\(shell): \(command.name) \(option.name)")
            }
        }
    }

    @Test func unknownShellIsAUsageError() async {
        let (code, captured) = await run("completions", "tcsh")
        #expect(code == 64)
        #expect(captured.stderr.contains("unsupported shell 'tcsh' (supported: bash, zsh, fish)"))
        let (missing, none) = await run("completions")
        #expect(missing == 64 && none.stderr.contains("say which shell"))
    }
}
