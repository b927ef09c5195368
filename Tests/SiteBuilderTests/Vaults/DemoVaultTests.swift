import Foundation
import NoteModel
import Testing

@testable import SiteBuilder

/// The project's own guide, `Site/`, built end to end, then looked at in a real browser.
@Suite(.serialized) struct DemoVaultTests {
    /// Three folders up from Tests/SiteBuilderTests/Vaults/.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let demoVault = packageRoot.appendingPathComponent("Site")
    static let browserScript = packageRoot.appendingPathComponent("Tests/Browser/site_test.py")

    /// Image references as the author wrote them: `![...](...)` outside code, counted from the source text.
    static func imageReferences(in markdown: String) -> Int {
        var count = 0
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            if inFence { continue }
            // Inline code spans can show syntax without being images.
            let outsideCode = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined()
            // `![[Note#part]]` embeds a note, not an image.
            count +=
                outsideCode.components(separatedBy: "![").dropFirst().filter { rest in
                    guard rest.hasPrefix("[") else { return true }
                    let target = rest.dropFirst().prefix { $0 != "]" && $0 != "|" && $0 != "#" }
                    return WikiLink.imageExtensions.contains(
                        String(target.split(separator: ".").last ?? "").lowercased())
                }.count
        }
        return count
    }

    /// The file cards of a board that show a picture.
    static func pictureCards(in board: Data) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: board) as? [String: Any]
        let nodes = object?["nodes"] as? [[String: Any]] ?? []
        return nodes.filter { node in
            let file = (node["file"] as? String ?? "").lowercased()
            return node["type"] as? String == "file"
                && [".png", ".jpg", ".jpeg", ".webp"].contains { file.hasSuffix($0) }
        }.count
    }

    static func files(under root: URL, ending suffix: String) -> [URL] {
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter {
            $0.pathExtension.lowercased() == suffix && !$0.path.contains("/_site/")
        }
    }

    static func buildDemo() async throws -> (URL, BuildReport) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-demo-\(UUID().uuidString)")
        let report = await SiteBuild.run(
            BuildOptions(vault: demoVault, output: output, strict: true, jobs: 2))
        return (output, report)
    }

    @Test func everyImageReferenceIsInlined() async throws {
        let (output, report) = try await Self.buildDemo()
        defer { try? FileManager.default.removeItem(at: output) }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.errorCount == 0 && report.warningCount == 0)
        let notes = Self.files(under: Self.demoVault, ending: "md")
        #expect(notes.count >= 6)
        let references = try notes.map {
            try Self.imageReferences(in: String(contentsOf: $0, encoding: .utf8))
        }
        .reduce(0, +)
        let texts = try notes.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        // A board's pictures show on its page and again wherever a note embeds it on a line of its own.
        let boards = try Self.files(under: Self.demoVault, ending: "canvas").map { board in
            let embeds = texts.components(separatedBy: "\n![[\(board.lastPathComponent)]]\n").count - 1
            return try Self.pictureCards(in: Data(contentsOf: board)) * (1 + embeds)
        }
        .reduce(0, +)
        let pages = try Self.files(under: output, ending: "html").map {
            try String(contentsOf: $0, encoding: .utf8)
        }
        let inlined = pages.map { $0.components(separatedBy: "src=\"data:image/").count - 1 }.reduce(0, +)
        // A base's card shows its note's first picture again (Guide pages.base: the Images card).
        let cards = pages.map {
            $0.components(
                separatedBy: "<div class=\"base-card-image\"><img class=\"notesite-image\" src=\"data:image/"
            )
            .count - 1
        }.reduce(0, +)
        #expect(references >= 6 && cards >= 1)
        #expect(inlined == references + boards + cards, "every image the notes reference is inlined once")
    }

    /// Tests/Browser/vault with the guide's images copied in: many images, identical ones, images
    /// in tables and callouts, for the preview; a plain note with callouts, tasks and footnotes.
    static func buildBrowserFixture() async throws -> (URL, BuildReport) {
        let manager = FileManager.default
        let vault = manager.temporaryDirectory.appendingPathComponent("notesite-browser-\(UUID().uuidString)")
        try manager.copyItem(at: packageRoot.appendingPathComponent("Tests/Browser/vault"), to: vault)
        let images = vault.appendingPathComponent("images")
        try manager.createDirectory(at: images, withIntermediateDirectories: true)
        for (source, name) in [
            ("Mountain lake.jpg", "lake.jpg"), ("badge.png", "badge.png"),
            ("screenshot.png", "screenshot.png"),
        ] {
            try manager.copyItem(
                at: demoVault.appendingPathComponent("images/" + source),
                to: images.appendingPathComponent(name))
        }
        let output = vault.appendingPathComponent("_site")
        let report = await SiteBuild.run(BuildOptions(vault: vault, output: output, strict: true, jobs: 2))
        return (vault, report)
    }

    /// Tests/Browser/site_test.py drives headless Chromium over the guide and the fixture from
    /// file://: preview, colour toggle, search, console errors, requests, contrast, 320 px layout.
    /// Screenshots land in .build/screenshots for people to look at.
    @Test(BrowserScript.timeLimit(minutes: 3)) func previewOpensInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let (output, report) = try await Self.buildDemo()
        defer { try? FileManager.default.removeItem(at: output) }
        #expect(report.wroteOutput)
        let (fixture, fixtureReport) = try await Self.buildBrowserFixture()
        defer { try? FileManager.default.removeItem(at: fixture) }
        #expect(fixtureReport.diagnostics.isEmpty, "\(fixtureReport.diagnostics)")
        let screenshots = Self.packageRoot.appendingPathComponent(".build/screenshots")
        try BrowserScript.run([
            Self.browserScript.path, output.path, fixture.appendingPathComponent("_site").path,
            screenshots.path,
        ])
    }
}
