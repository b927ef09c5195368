import Foundation
import Testing

@testable import SiteBuilder

/// Tests/Browser/export_test.py in headless Chromium over the files exported from ``ExportVault``:
/// one note, a folder and the vault, opened from file:// (links, Back, headings, backlinks, the
/// explorer, search, the image preview, print to PDF, and not one request).
@Suite struct ExportBrowserTests {
    @Test(BrowserScript.timeLimit(minutes: 3)) func exportedFilesInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let vault = try ExportVault.make()
        defer { vault.remove() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-export-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (subject, name) in [
            ("trips/Lisbon.md", "single.html"), ("trips", "folder.html"), ("", "vault.html"),
        ] {
            let result = await ExportVault.export(vault, subject)
            #expect(result.report.errorCount == 0, "\(result.report.diagnostics)")
            try #require(result.document).write(to: folder.appendingPathComponent(name))
        }
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/export_test.py")
        let shots = DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots")
        try BrowserScript.run([script.path, folder.path, shots.path])
    }
}
