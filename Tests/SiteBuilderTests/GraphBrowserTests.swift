import Foundation
import Testing

@testable import SiteBuilder

/// Tests/Browser/graph_test.py in headless Chromium over a small vault: the graph page drawn at
/// 1280 and 375 px in both schemes, hover, click, keyboard, the local graph, no JavaScript.
@Suite struct GraphBrowserTests {
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

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

    @Test(.timeLimit(.minutes(3))) func theGraphInARealBrowser() async throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
            #expect(!Self.isCI, "chromium-driver and python3-selenium are required in CI")
            return
        }
        let vault = try TestVault()
        defer { vault.remove() }
        for (path, text) in Self.vault { try vault.write(text, to: path) }
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/graph_test.py")
        let shots = DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, vault.root.appendingPathComponent("_site").path, shots.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(printed)")
        #expect(printed.contains(" 0 failed"), "\(printed)")
    }
}
