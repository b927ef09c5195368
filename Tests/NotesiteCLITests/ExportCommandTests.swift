import Foundation
import Testing

@testable import NotesiteCLI

/// `notesite export` on the command line: usage errors, the file and its size, stdout, the
/// problems a person can act on, and what `--pdf` says without Chromium.
@Suite struct ExportCommandTests {
    static let files = [
        "notesite.yml": "title: Notes\n",
        "a.md": "# A\n\nSee [[b]].\n",
        "b.md": "# B\n\nBack to [[a]].\n",
        "draft.md": "---\ndraft: true\n---\n# Draft\n",
    ]

    @Test(
        arguments: [
            (["export"], "--output FILE is required"),
            (["export", "--output", ""], "--output FILE is required"),
            (["export", "/no/such/note.md", "--output", "x.html"], "'/no/such/note.md' does not exist"),
            (["export", "--output", "-", "--pdf"], "--pdf needs a file to write, not '-'"),
            (["export", "--output", "-", "--json", "-"], "--output - and --json - cannot share stdout"),
            (
                ["export", "--output", "x.html", "--links", "texts"],
                "--links takes text or site, got 'texts'; did you mean 'text'?"
            ),
            (["export", "--outptu", "x.html"], "did you mean '--output'?"),
        ] as [([String], String)])
    func usageErrors(arguments: [String], message: String) async {
        let captured = Captured()
        let code = await NotesiteCLI.main(arguments: arguments, console: captured.console)
        #expect(code == 64)
        #expect(captured.stderr.contains(message), "\(captured.stderr)")
    }

    @Test func aNoteToAFile() async throws {
        let vault = try temporaryVault(Self.files)
        defer { try? FileManager.default.removeItem(at: vault) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: file) }
        let (code, captured) = await run(
            "export", vault.appendingPathComponent("a.md").path, "--output", file.path)
        #expect(code == 0, "\(captured.stderr)")
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>") && html.contains("data-page=\"a.html\""))
        #expect(!html.contains("data-page=\"b.html\""))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(
            captured.stderr.contains(
                "notesite: exported 1 note to \(file.path), \(ExportCommand.size(size))"),
            "\(captured.stderr)")
        #expect(captured.stdout.isEmpty)
    }

    @Test func theVaultToStdout() async throws {
        let vault = try temporaryVault(Self.files)
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run("export", vault.path, "--output", "-", "--quiet")
        #expect(code == 0, "\(captured.stderr)")
        #expect(captured.stdout.hasPrefix("<!doctype html>"))
        #expect(
            captured.stdout.contains("data-page=\"a.html\"")
                && captured.stdout.contains("data-page=\"b.html\""))
        #expect(!captured.stdout.contains("draft.html"))
        #expect(captured.stderr.isEmpty)
    }

    @Test(arguments: [
        ("draft.md", "'draft.md' is not published"),
        ("../", "is outside the vault"),
    ])
    func refused(subject: String, message: String) async throws {
        let vault = try temporaryVault(Self.files)
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run(
            "export", vault.appendingPathComponent(subject).path, "--vault", vault.path, "--output", "-")
        #expect(code == 1)
        #expect(captured.stderr.contains(message), "\(captured.stderr)")
        #expect(captured.stderr.contains("notesite: export failed, nothing written"))
        #expect(captured.stdout.isEmpty)
    }

    @Test func anOutputInTheVault() async throws {
        let vault = try temporaryVault(Self.files)
        defer { try? FileManager.default.removeItem(at: vault) }
        let file = vault.appendingPathComponent("all.html")
        let (code, captured) = await run("export", vault.path, "--output", file.path)
        #expect(code == 1)
        #expect(captured.stderr.contains("is inside the vault") && captured.stderr.contains("(--output)"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func strictWritesNothingOnAWarning() async throws {
        var files = Self.files
        files["a.md"] = "# A\n\nSee [[nowhere]].\n"
        let vault = try temporaryVault(files)
        defer { try? FileManager.default.removeItem(at: vault) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).html")
        let (code, captured) = await run("export", vault.path, "--strict", "--output", file.path)
        #expect(code == 1)
        #expect(captured.stderr.contains("warning:"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aLargeFileIsWrittenWithAWarning() async throws {
        let vault = try temporaryVault(Self.files)
        defer { try? FileManager.default.removeItem(at: vault) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: file) }
        var command = try ExportCommand([vault.path, "--output", file.path])
        command.largeFile = 1_000
        let captured = Captured()
        #expect(await command.run(console: captured.console) == 0)
        #expect(captured.stderr.contains("warning: the exported file is "), "\(captured.stderr)")
        #expect(captured.stderr.contains("past 100 MB"))
        #expect(FileManager.default.fileExists(atPath: file.path))
        // Under --strict the same file is a problem, and nothing is written.
        try FileManager.default.removeItem(at: file)
        var strict = try ExportCommand([vault.path, "--output", file.path, "--strict"])
        strict.largeFile = 1_000
        #expect(await strict.run(console: Captured().console) == 1)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func pdfWithoutChromiumNamesThePackage() {
        #expect(PDFPrinter.chromium(path: "/nonexistent") == nil)
        let message = PDFPrinter.Problem.noChromium.description
        #expect(message.contains("'chromium'") && message.contains("apt-get install chromium"))
    }

    @Test func sizes() {
        #expect(ExportCommand.size(999) == "999 bytes")
        #expect(ExportCommand.size(158_291) == "158 KB")
        #expect(ExportCommand.size(123_456_789) == "123.5 MB")
    }
}
