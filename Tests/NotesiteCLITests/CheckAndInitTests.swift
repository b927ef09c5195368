import Foundation
import Testing

/// `check` finds what `build` finds without writing; `init` makes a vault that builds cleanly.
@Suite struct CheckAndInitTests {
    func problems(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter {
            $0.contains(": error: ") || $0.contains(": warning: ")
        }
    }

    @Test func checkFindsWhatBuildFindsAndWritesNothing() async throws {
        let vault = try troubledVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let (checkCode, checked) = await run("check", vault.path)
        #expect(checkCode == 1)
        #expect(checked.stderr.contains("nothing written"))
        #expect(!FileManager.default.fileExists(atPath: vault.appendingPathComponent("_site").path))
        let (buildCode, built) = await run("build", vault.path)
        #expect(buildCode == checkCode)
        #expect(problems(checked.stderr) == problems(built.stderr))
        #expect(!problems(built.stderr).isEmpty)
    }

    @Test func checkReportsAnOutputFolderBuildWouldRefuse() async throws {
        let vault = try temporaryVault(["a.md": "# A\n", "_site/mine.txt": "not notesite's\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run("check", vault.path)
        #expect(code == 1)
        #expect(captured.stderr.contains("refusing to replace"), "\(captured.stderr)")
    }

    @Test func checkStrictFailsOnWarnings() async throws {
        let vault = try temporaryVault(["a.md": "# A\n", "notesite.yml": "colour: blue\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        #expect(await run("check", vault.path).code == 0)
        let (strict, captured) = await run("check", "--strict", vault.path)
        #expect(strict == 1)
        #expect(captured.stderr.contains("--strict: warnings count as errors"))
    }

    @Test func baseURLOverridesTheSetting() async throws {
        let vault = try temporaryVault(["a.md": "# A\n", "notesite.yml": "base_url: https://old.example/\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, _) = await run("build", vault.path, "--base-url", "https://example.org/sub")
        #expect(code == 0)
        let sitemap = try String(
            contentsOf: vault.appendingPathComponent("_site/sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("https://example.org/sub/a.html"), "\(sitemap)")
        #expect(!sitemap.contains("old.example"))
    }

    @Test func initThenBuildIsClean() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, captured) = await run("init", folder.path)
        #expect(code == 0, "\(captured.stderr)")
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        #expect(names == [".gitignore", "images", "images/notesite.svg", "index.md", "notesite.yml"])
        let gitignore = try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(gitignore.contains("_site/\n") && gitignore.contains(".notesite-cache/\n"))
        let settings = try String(contentsOf: folder.appendingPathComponent("notesite.yml"), encoding: .utf8)
        for key in [
            "title", "description", "author", "language", "base_url", "social_cards", "output", "exclude",
            "urls", "theme",
            "allow_html", "embed_hosts", "image_width", "column_width", "image_format", "image_quality",
            "max_pixels",
            "image_timeout", "cache", "inline", "inline_max_bytes", "page_budget_bytes", "preview_width",
        ] {
            #expect(settings.contains("\n\(key): ") || settings.contains("\n# \(key): "), "\(key) missing")
        }
        // Defaults are written from the settings' own defaults, never typed twice.
        #expect(settings.contains("# image_width: 1440 ") && settings.contains("# image_timeout: 30 "))
        let (buildCode, built) = await run("build", "--strict", folder.path, "--json", "-")
        #expect(buildCode == 0, "\(built.stderr)")
        #expect(built.stdout.contains("\"source\" : \"images/notesite.svg\""))
        let page = try String(contentsOf: folder.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(page.contains("src=\"data:image/svg+xml;base64,"))
    }

    @Test func initUncommentedSettingsStillBuild() async throws {
        // Every commented line, uncommented, is a valid setting: the file documents real values.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(await run("init", folder.path).code == 0)
        let url = folder.appendingPathComponent("notesite.yml")
        let settings = try String(contentsOf: url, encoding: .utf8)
        let uncommented = settings.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("# ") && line.contains(": ") ? String(line.dropFirst(2)) : String(line)
        }
        try Data(uncommented.joined(separator: "\n").utf8).write(to: url)
        let (code, captured) = await run("check", "--strict", folder.path)
        #expect(code == 0, "\(captured.stderr)")
    }

    @Test func outputProblemsNameTheFlagsToFixThem() async throws {
        let vault = try temporaryVault(["a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let foreign = vault.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: foreign.appendingPathComponent("keep.txt"))
        let (code, captured) = await run("build", vault.path, "--output", foreign.path)
        #expect(code != 0)
        #expect(captured.stderr.contains("did not make it"), "\(captured.stderr)")
        #expect(captured.stderr.contains("(--output, or --force)"), "\(captured.stderr)")
        let (intoVault, vaultOut) = await run("build", vault.path, "--output", vault.path)
        #expect(intoVault != 0)
        #expect(vaultOut.stderr.contains("would replace the vault; choose another output folder (--output)"))
    }

    @Test func initRefusesANonEmptyFolderUnlessForced() async throws {
        let folder = try temporaryVault(["notesite.yml": "title: Mine\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, captured) = await run("init", folder.path)
        #expect(code == 64)
        #expect(captured.stderr.contains("is not empty"), "\(captured.stderr)")
        #expect(captured.stderr.contains("(--force)"), "the command line names its flag")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.md").path))
        let (forced, forcedOut) = await run("init", "--force", folder.path)
        #expect(forced == 0)
        #expect(forcedOut.stderr.contains("kept the existing notesite.yml"))
        let settings = try String(contentsOf: folder.appendingPathComponent("notesite.yml"), encoding: .utf8)
        #expect(settings == "title: Mine\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.md").path))
    }

    @Test func initOnAFileIsAnError() async throws {
        let folder = try temporaryVault(["file.txt": "x"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, captured) = await run("init", folder.appendingPathComponent("file.txt").path)
        #expect(code == 1)
        #expect(captured.stderr.contains("is a file, not a folder"))
    }
}
