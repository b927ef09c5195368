import Foundation
import NotesiteCLI
import Testing

/// `--json`: the documented shape (Site/guide/Publishing.md), to a file and alone on stdout.
@Suite struct JSONReportTests {
    static let topKeys: Set<String> = [
        "format", "notesite", "command", "vault", "output", "wrote_output", "strict", "exit_code", "seconds",
        "notes", "pages", "images", "errors", "warnings", "diagnostics", "stages",
    ]

    func object(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any])
    }

    @Test func reportOnStdoutCarriesNothingElse() async throws {
        let vault = try troubledVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run(
            "build", vault.path, "--json", "-", environment: ["GITHUB_ACTIONS": "true"])
        #expect(code == 1)
        // The whole of stdout is one JSON object: no annotations, no summary.
        let report = try object(captured.stdout)
        #expect(Set(report.keys) == Self.topKeys)
        #expect(report["format"] as? Int == 1)
        #expect(report["command"] as? String == "build")
        #expect(report["exit_code"] as? Int == 1)
        #expect(report["notes"] as? Int == 2)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let missing = try #require(
            diagnostics.first { ($0["message"] as? String)?.contains("gone.png") == true })
        #expect(missing["severity"] as? String == "error")
        #expect((missing["file"] as? String)?.hasSuffix("b.md") == true)
        #expect(missing["line"] as? Int == 5)
        #expect(missing["column"] as? Int == 1)
        #expect(report["errors"] as? Int == diagnostics.filter { $0["severity"] as? String == "error" }.count)
        // People still get the summary on stderr.
        #expect(captured.stderr.contains(" in "))
    }

    @Test func imagesWrittenAsHTMLAreCountedWithoutAllowHTML() async throws {
        let vault = try temporaryVault([
            "n.md":
                "# N\n\n<img src=\"dot.svg\" alt=\"i9\">\n\n<div onclick=\"x()\"><img src=\"dot.svg\" width=\"100\"></div>\n"
        ])
        defer { try? FileManager.default.removeItem(at: vault) }
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"200\"></svg>"
        try Data(svg.utf8).write(to: vault.appendingPathComponent("dot.svg"))
        let (code, captured) = await run(
            "build", vault.path, "--output", vault.appendingPathComponent("out").path, "--json", "-")
        #expect(code == 0, "\(captured.stderr)")
        let report = try object(captured.stdout)
        #expect((report["images"] as? [String: Any])?["count"] as? Int == 2)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1 && diagnostics.first?["line"] as? Int == 5, "\(diagnostics)")
        #expect(diagnostics.first?["column"] as? Int == 1)
        #expect(diagnostics.first?["message"] as? String == "removed onclick from the note's HTML")
    }

    @Test func reportFileDescribesPagesImagesAndStages() async throws {
        let vault = try temporaryVault([
            "a.md": "# A\n\n![[dot.svg]]\n\n![[dot.svg|100]]\n", "sub/b.md": "# B\n",
        ])
        defer { try? FileManager.default.removeItem(at: vault) }
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"200\"><rect width=\"400\" height=\"200\"/></svg>"
        try Data(svg.utf8).write(to: vault.appendingPathComponent("dot.svg"))
        let file = vault.appendingPathComponent("report.json")
        let (code, captured) = await run(
            "build", vault.path, "--output", vault.appendingPathComponent("out").path, "--json", file.path)
        #expect(code == 0, "\(captured.stderr)")
        #expect(captured.stdout.isEmpty)
        let report = try object(String(decoding: try Data(contentsOf: file), as: UTF8.self))
        #expect(Set(report.keys) == Self.topKeys)
        #expect(report["wrote_output"] as? Bool == true)
        #expect(report["strict"] as? Bool == false)
        #expect((report["seconds"] as? Double ?? -1) >= 0)
        let pages = try #require(report["pages"] as? [String: Any])
        let paths = try #require(pages["paths"] as? [String])
        #expect(pages["count"] as? Int == paths.count)
        #expect(paths.contains("a.html") && paths.contains("sub/b.html") && paths.contains("index.html"))
        let images = try #require(report["images"] as? [String: Any])
        #expect(images["count"] as? Int == 2)
        #expect(images["encoded"] is Int && images["from_cache"] is Int)
        let items = try #require(images["items"] as? [[String: Any]])
        #expect(items.map { $0["source"] as? String } == ["dot.svg", "dot.svg"])
        #expect(items.map { $0["requested_size"] as? String } == [nil, "100"])
        for item in items {
            #expect(item["source_bytes"] as? Int == svg.utf8.count)
            #expect((item["inlined_bytes"] as? Int ?? 0) > 0)
            #expect(item["mime_type"] as? String == "image/svg+xml")
        }
        #expect(
            images["inlined_bytes"] as? Int == items.reduce(0) { $0 + ($1["inlined_bytes"] as? Int ?? 0) })
        let stages = try #require(report["stages"] as? [[String: Any]])
        #expect(stages.map { $0["name"] as? String }.contains("images"))
        #expect(stages.allSatisfy { ($0["seconds"] as? Double ?? -1) >= 0 })
    }

    @Test func unwritableReportIsAnError() async throws {
        let vault = try temporaryVault(["a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run("check", vault.path, "--json", "/no/such/folder/report.json")
        #expect(code == 1)
        #expect(captured.stderr.contains("cannot write the report to '/no/such/folder/report.json'"))
    }
}

@Suite struct JSONImagePublishingTests {
    @Test func imagesPublishedAsFilesNameTheirFile() async throws {
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\"><rect width=\"40\" height=\"20\"/></svg>"
        let vault = try temporaryVault([
            "a.md": "# A\n\n![[dot.svg]]\n", "dot.svg": svg, "notesite.yml": "inline: never\n",
        ])
        defer { try? FileManager.default.removeItem(at: vault) }
        let (code, captured) = await run("build", vault.path, "--json", "-")
        #expect(code == 0, "\(captured.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: Any])
        let images = try #require(report["images"] as? [String: Any])
        let item = try #require((images["items"] as? [[String: Any]])?.first)
        #expect(item["inlined_bytes"] as? Int == 0)
        #expect(item["rendition_bytes"] as? Int == svg.utf8.count)
        let file = try #require(item["file"] as? String)
        #expect(file.hasPrefix("images/") && file.hasSuffix(".svg"))
        #expect(FileManager.default.fileExists(atPath: vault.appendingPathComponent("_site/" + file).path))
    }

    /// `--image-format` replaces the setting for one build: a flat screenshot that `auto` keeps
    /// exact (a lossless WebP, smaller than its exact palette PNG) comes out as JPEG when asked.
    @Test func imageFormatReplacesTheSetting() async throws {
        let screenshot = ExampleWorkflowTests.repository.appendingPathComponent("Site/images/screenshot.png")
        let png = try Data(contentsOf: screenshot)
        let vault = try temporaryVault(["a.md": "# A\n\n![[shot.png]]\n", "notesite.yml": "cache: false\n"])
        defer { try? FileManager.default.removeItem(at: vault) }
        try png.write(to: vault.appendingPathComponent("shot.png"))
        for (arguments, mimeType) in [
            ([String](), "image/webp"), (["--image-format", "jpeg"], "image/jpeg"),
        ] {
            let captured = Captured()
            let code = await NotesiteCLI.main(
                arguments: ["build", vault.path, "--json", "-"] + arguments, console: captured.console)
            #expect(code == 0, "\(captured.stderr)")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: Any])
            let item = try #require(
                ((report["images"] as? [String: Any])?["items"] as? [[String: Any]])?.first)
            #expect(item["mime_type"] as? String == mimeType, "\(arguments)")
        }
    }
}
