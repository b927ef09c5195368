import Foundation
import NotesiteCLI
import Synchronization
import Testing

/// Runs the command line in-process and keeps what it printed.
final class Captured: Sendable {
    private let out = Mutex("")
    private let err = Mutex("")
    let environment: [String: String]
    let terminal: Bool

    init(environment: [String: String] = [:], terminal: Bool = false) {
        self.environment = environment
        self.terminal = terminal
    }

    var console: Console {
        Console(
            out: { text in self.out.withLock { $0 += text } },
            err: { text in self.err.withLock { $0 += text } }, environment: environment,
            errIsTerminal: terminal)
    }
    var stdout: String { out.withLock { $0 } }
    var stderr: String { err.withLock { $0 } }
}

func run(
    _ arguments: String..., environment: [String: String] = [:], terminal: Bool = false
) async -> (code: Int32, captured: Captured) {
    let captured = Captured(environment: environment, terminal: terminal)
    let code = await NotesiteCLI.main(arguments: arguments, console: captured.console)
    return (code, captured)
}

func temporaryVault(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "notesite-cli-\(UUID().uuidString)")
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

@Suite struct NotesiteCLITests {
    @Test func version() async {
        let (code, captured) = await run("--version")
        #expect(code == 0)
        // How it was built (a test binary is a debug build, linked against the toolchain's shared
        // Swift runtime), then the linked libraries' versions as they report them ("0.30.2", "8.14.1").
        let pattern =
            /notesite \d+\.\d+\.\d+\nbuilt: debug, Swift runtime shared, Foundation shared, \w+-linux\nlibraries: libcmark \d+\.\d+\.\d+, libvips \d+\.\d+\.\d+, libyaml \d+\.\d+\.\d+, libmicrohttpd \d+\.\d+\.\d+\n/
        #expect(captured.stdout.wholeMatch(of: pattern) != nil, "\(captured.stdout)")
    }

    @Test(arguments: [["--help"], ["build", "--help"], ["render", "-h"], ["theme", "--help"]])
    func helpGoesToStdout(arguments: [String]) async {
        let captured = Captured()
        let code = await NotesiteCLI.main(arguments: arguments, console: captured.console)
        #expect(code == 0)
        #expect(captured.stdout.hasPrefix("USAGE: notesite"))
    }

    @Test(arguments: [
        [], ["frobnicate"], ["build", "--jobs", "0"], ["build", "--jobs"], ["build", "--nope"],
        ["build", "a", "b"],
        ["build", "/no/such/vault"], ["build", "--strict=yes"], ["render", "--syntax", "rst"], ["theme"],
        ["theme", "inject"],
    ])
    func usageErrorsExit64(arguments: [String]) async {
        let captured = Captured()
        let code = await NotesiteCLI.main(arguments: arguments, console: captured.console)
        #expect(code == 64)
        #expect(captured.stderr.contains("notesite") && captured.stdout.isEmpty)
    }

    @Test func buildSucceedsAndSaysWhatItDid() async throws {
        let vault = try temporaryVault(["a.md": "# A\n", "sub/b.md": "# B\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let output = vault.appendingPathComponent("out")
        let (code, captured) = await run("build", vault.path, "--output", output.path, "--jobs", "1")
        #expect(code == 0)
        #expect(captured.stderr.contains("notesite: wrote 6 pages to \(output.path)\n"), "\(captured.stderr)")
        #expect(
            captured.stderr.contains(/\n2 notes, 0 images, 0 warnings in \d+\.\d\d s\n$/),
            "\(captured.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("sub/b.html").path))
    }

    @Test func buildWithMissingImageExits1AndNamesIt() async throws {
        let vault = try temporaryVault(["note.md": "# N\n\n![gone](gone.png)\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run("build", vault.path)
        #expect(code == 1)
        #expect(
            captured.stderr.contains("note.md:3:1: error: image 'gone.png' not found"), "\(captured.stderr)")
    }

    @Test func strictFailsOnWarnings() async throws {
        let vault = try temporaryVault(["note.md": "# N\n", "notesite.yml": "colour: blue\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let (lenient, _) = await run("build", vault.path)
        #expect(lenient == 0)
        let (strict, captured) = await run("build", "--strict", vault.path)
        #expect(strict == 1)
        #expect(captured.stderr.contains("notesite.yml:1:1: warning: unknown setting 'colour'"))
    }

    @Test func renderReportsFrontMatterProblems() async throws {
        let vault = try temporaryVault(["in.md": "---\ndraft: maybe\n---\n# Hi\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let file = vault.appendingPathComponent("in.md").path
        let (code, captured) = await run("render", file)
        #expect(code == 1)
        #expect(captured.stdout.contains(">Hi</h1>"))
        #expect(captured.stderr.contains("in.md:2:8: error: front matter 'draft' must be true or false"))
    }

    @Test func renderPrintsHTMLFromTheModel() async throws {
        let vault = try temporaryVault(["in.md": "# Hi *there*\n\n<b>raw</b>\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let file = vault.appendingPathComponent("in.md").path
        let (safe, captured) = await run("render", file)
        #expect(safe == 0)
        #expect(
            captured.stdout
                == "<h1 id=\"hi-there\">Hi <em>there</em></h1>\n<p><!-- raw HTML omitted -->raw<!-- raw HTML omitted --></p>\n"
        )
        let (_, unsafe) = await run("render", "--unsafe", file)
        #expect(unsafe.stdout == "<h1 id=\"hi-there\">Hi <em>there</em></h1>\n<p><b>raw</b></p>\n")
    }
}
