import Foundation
import Testing

@testable import SiteBuilder

/// The Quartz documentation (`../shared/corpora/text/quartz-docs`, MIT, Obsidian's syntax, shipped
/// without its images) built in place into a temporary folder: the only errors are its missing
/// images, and every warning left is a link that is broken in Quartz too.
@Suite(.enabled(if: QuartzDocs.shouldRun, "../shared/corpora is absent: Quartz docs build skipped"))
struct QuartzDocsTests {
    /// Each warning left: file, line, message, and why Quartz cannot follow the link either.
    static let expectedWarnings: [(file: String, line: Int, message: String, reason: String)] = [
        (
            "advanced/creating components.md", 212,
            "link '[[configuration#Layout]]' finds no heading 'Layout' there",
            "configuration.md has no such heading (the layout moved to layout.md): Quartz lands on the page's top"
        ),
        (
            "architecture/quartz-architecture-deep-dive.md", 680,
            "link '[[architecture/component-system]]' finds no published note in the vault",
            "no such page in these docs (a v5 page): a 404 in Quartz"
        ),
        (
            "architecture/quartz-architecture-deep-dive.md", 681,
            "link '[[architecture/spa-internals]]' finds no published note in the vault",
            "no such page in these docs (a v5 page): a 404 in Quartz"
        ),
        (
            "architecture/quartz-architecture-deep-dive.md", 682,
            "link '[[architecture/theme-system]]' finds no published note in the vault",
            "no such page in these docs (a v5 page): a 404 in Quartz"
        ),
        (
            "authoring content.md", 5, "link '[[docs/index]]' finds no published note in the vault",
            "the vault is the docs folder itself, so there is no docs/ in it: a 404 in Quartz"
        ),
        (
            "build.md", 5, "link '[[docs/index]]' finds no published note in the vault",
            "the vault is the docs folder itself, so there is no docs/ in it: a 404 in Quartz"
        ),
        (
            "community.md", 12, "link '[[cli/plugin]]' finds no published note in the vault",
            "no cli/ pages in these docs: a 404 in Quartz"
        ),
        (
            "features/quartz plugin.md", 35,
            "link '[[making plugins#quartz-plugin]]' finds no heading 'quartz-plugin' there",
            "making plugins.md has no heading that slugs to quartz-plugin: Quartz lands on the page's top"
        ),
        (
            "features/social images.md", 5, "link '[[#Properties]]' finds no heading 'Properties' there",
            "the heading is 'Frontmatter Properties' (id frontmatter-properties): Quartz's #properties finds nothing"
        ),
        (
            "getting-started/index.md", 34, "link '[[migrating]]' finds no published note in the vault",
            "no page is named migrating (only 'migrating from Quartz 3'): a 404 in Quartz"
        ),
        (
            "getting-started/installation.md", 61, "link '[[create]]' finds no published note in the vault",
            "no page is named create (a v5 CLI page): a 404 in Quartz"
        ),
        (
            "getting-started/installation.md", 69, "link '[[create]]' finds no published note in the vault",
            "no page is named create (a v5 CLI page): a 404 in Quartz"
        ),
        (
            "getting-started/whats-new.md", 8, "link '[[migrating]]' finds no published note in the vault",
            "no page is named migrating (only 'migrating from Quartz 3'): a 404 in Quartz"
        ),
        (
            "getting-started/whats-new.md", 93,
            "link '[[layout#Page Frames]]' finds no heading 'Page Frames' there",
            "this layout.md (an older version) has no Page Frames heading: Quartz lands on the page's top"
        ),
    ]

    @Test func buildsWithOnlyItsMissingImagesAsErrors() async throws {
        let vault = QuartzDocs.root
        #expect(FileManager.default.fileExists(atPath: vault.path), "missing \(vault.path)")
        let before = try FileManager.default.contentsOfDirectory(atPath: vault.path).sorted()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-quartz-\(UUID())")
        defer { try? FileManager.default.removeItem(at: output) }
        var options = BuildOptions(vault: vault, output: output, jobs: 2)
        // Its code blocks would otherwise be cached in the vault.
        options.writesCache = false
        let report = await SiteBuild.run(options)

        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 14, "\(errors.map(\.description))")
        for error in errors {
            #expect(
                error.message.hasPrefix("image '") && error.message.contains("not found"),
                "only missing images are errors: \(error)")
        }
        let warnings = report.diagnostics.filter { $0.severity == .warning }.map { warning in
            let file = warning.location.map { String($0.file.dropFirst(vault.path.count + 1)) } ?? ""
            return "\(file):\(warning.location?.line ?? 0): \(warning.message)"
        }
        let expected = Self.expectedWarnings.map { "\($0.file):\($0.line): \($0.message)" }
        #expect(warnings.sorted() == expected.sorted(), "\(warnings)")
        #expect(report.wroteOutput)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: vault.path).sorted() == before,
            "the corpus is read in place, never written to")
    }

    @Test func linksWrittenForQuartzOrObsidianLandOnTheirPage() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-quartz-\(UUID())")
        defer { try? FileManager.default.removeItem(at: output) }
        var options = BuildOptions(vault: QuartzDocs.root, output: output, jobs: 2)
        options.writesCache = false
        _ = await SiteBuild.run(options)
        let read = { (page: String) in
            try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
        }
        let started = try read("getting-started/index.html")
        #expect(
            started.contains("href=\"../authoring-content.html\""), "[[authoring-content]], Quartz's slug")
        #expect(
            started.contains("href=\"../index.html#-get-started\""), "[[index#🪴 Get Started]]: the root note")
        let explorer = try read("features/explorer.html")
        #expect(explorer.contains("href=\"#remove-list-of-elements-filter\" class=\"internal-link\""))
        #expect(explorer.contains("href=\"#use-sort-to-put-files-first\" class=\"internal-link\""))
        #expect(try read("index.html").contains("<a href=\"features/index.html\">many more</a>"), "a folder")
        #expect(
            try read("plugins/folderpage.html").contains("href=\"../advanced/index.html\""), "[[advanced/]]")
    }
}

enum QuartzDocs {
    static let root: URL = DemoVaultTests.packageRoot
        .appendingPathComponent("../shared/corpora/text/quartz-docs").standardizedFileURL
    static let shouldRun =
        FileManager.default.fileExists(atPath: root.path)
        || ProcessInfo.processInfo.environment["CI"] == "true"
}
