import Foundation
import Testing

@testable import SiteBuilder

/// Tests/Browser/canvas_test.py in headless Chromium over the board of ``CanvasSiteTests``: opened
/// fitted, nodes in place, edges under them, pan and zoom by buttons, wheel, pinch, drag and keys,
/// 375 px and dark mode, the embed in a note (panned there too), group backgrounds in each style,
/// no console errors, and the list without JavaScript.
@Suite struct CanvasBrowserTests {
    /// Three groups with `red.png` (40 by 30) behind them: cover, ratio in a group twice as tall
    /// as the image's proportions, repeat.
    static let backgrounds = """
        {"nodes":[
        {"id":"c","type":"group","x":0,"y":0,"width":400,"height":300,"background":"red.png"},
        {"id":"r","type":"group","x":450,"y":0,"width":400,"height":600,"background":"red.png","backgroundStyle":"ratio"},
        {"id":"t","type":"group","x":900,"y":0,"width":400,"height":300,"background":"red.png","backgroundStyle":"repeat"}
        ]}
        """

    @Test(BrowserScript.timeLimit(minutes: 3)) func aBoardInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let (vault, report) = try await CanvasSiteTests.build(
            CanvasSiteTests.files([
                "index.md": "# Home\n\nThe plans:\n\n![[Plans.canvas]]\n",
                "Backgrounds.canvas": Self.backgrounds,
            ]),
            images: CanvasSiteTests.images)
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/canvas_test.py")
        let shots = DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots")
        try BrowserScript.run([script.path, vault.root.appendingPathComponent("_site").path, shots.path])
    }
}
