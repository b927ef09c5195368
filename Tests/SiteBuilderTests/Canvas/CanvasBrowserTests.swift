import Foundation
import Testing

@testable import SiteBuilder

/// Tests/Browser/canvas_test.py in headless Chromium over the board of ``CanvasSiteTests``: opened
/// fitted, nodes in place, edges under them, pan and zoom by buttons, wheel, pinch, drag and keys,
/// 375 px and dark mode, the embed in a note, no console errors, and the list without JavaScript.
@Suite struct CanvasBrowserTests {
    @Test(BrowserScript.timeLimit(minutes: 3)) func aBoardInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let (vault, report) = try await CanvasSiteTests.build(
            CanvasSiteTests.files(["index.md": "# Home\n\nThe plans:\n\n![[Plans.canvas]]\n"]),
            images: CanvasSiteTests.images)
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/canvas_test.py")
        let shots = DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots")
        try BrowserScript.run([script.path, vault.root.appendingPathComponent("_site").path, shots.path])
    }
}
