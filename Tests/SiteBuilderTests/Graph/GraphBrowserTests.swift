import Foundation
import Testing

@testable import SiteBuilder

/// Tests/Browser/graph_test.py in headless Chromium over a small vault: the graph page drawn at
/// 1280 and 375 px in both schemes, hover, click, keyboard, the local graph, no JavaScript.
@Suite struct GraphBrowserTests {

    /// A hub linking six spokes and linked from two notes, spokes linking on in a ring, a chain of
    /// filler notes, and one note with no links.
    static var vault: [String: String] {
        var notes: [String: String] = [
            "hub.md": "# Hub\n\n" + (1...6).map { "[[spoke-\($0)]]" }.joined(separator: " ") + "\n",
            "lonely.md": "# Lonely\n\nNo links here.\n",
            "notesite.yml": "title: Graph test\n",
        ]
        for index in 1...6 {
            notes["spoke-\(index).md"] = "# Spoke \(index)\n\nNext: [[spoke-\(index % 6 + 1)]].\n"
        }
        for index in 1...2 { notes["fans/fan-\(index).md"] = "# Fan \(index)\n\nI like [[hub]].\n" }
        for index in 1...24 {
            notes["chain/link-\(index).md"] =
                "---\ntags: [chain]\n---\n# Link \(index)\n\n[[link-\(index % 24 + 1)]] [[spoke-\(index % 6 + 1)]]\n"
        }
        return notes
    }

    @Test(BrowserScript.timeLimit(minutes: 3)) func theGraphInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let vault = try TestVault()
        defer { vault.remove() }
        for (path, text) in Self.vault { try vault.write(text, to: path) }
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/graph_test.py")
        let shots = DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots")
        try BrowserScript.run([
            script.path, vault.root.appendingPathComponent("_site").path, shots.path,
        ])
    }
}
