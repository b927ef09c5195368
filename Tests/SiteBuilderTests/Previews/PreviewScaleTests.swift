import Foundation
import Testing

@testable import SiteBuilder

/// The image preview scales every image up to the window: Tests/Browser/preview_scale_test.py in
/// headless Chromium, over a vault with an SVG diagram, a tiny PNG and a small PNG.
@Suite struct PreviewScaleTests {
    /// A 240x120 diagram: a black bar on white, whose edges must stay sharp when scaled up.
    static let diagram = """
        <svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120">
        <rect width="240" height="120" fill="#ffffff"/>
        <rect x="100" y="0" width="40" height="120" fill="#000000"/>
        </svg>
        """

    static func writeVault(_ vault: TestVault) throws {
        try vault.write(Self.diagram, to: "diagram.svg")
        // 48x32 in 8-pixel squares: an icon-sized picture, kept square-pixelled when blown up.
        try vault.write(
            TinyPNG.drawn(width: 48, height: 32) { x, y in
                (x / 8 + y / 8) % 2 == 0 ? (0, 0, 0) : (255, 255, 255)
            },
            to: "icon.png")
        // 160x100, dark on the left and light on the right: one hard edge, smoothed when scaled up.
        try vault.write(
            TinyPNG.drawn(width: 160, height: 100) { x, _ in x < 80 ? (0, 0, 0) : (255, 255, 255) },
            to: "photo.png")
        try vault.write(
            """
            # Scale

            Every image here is smaller than the window; the preview shows it as large as it fits.

            ![A diagram](diagram.svg)

            ![A tiny icon](icon.png)

            ![A small photo](photo.png)

            """, to: "Scale.md")
    }

    @Test(BrowserScript.timeLimit(minutes: 3)) func previewScalesImagesInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let vault = try TestVault()
        defer { vault.remove() }
        try Self.writeVault(vault)
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try vault.read("_site/scale.html")
        #expect(page.contains("src=\"data:image/svg+xml"), "the diagram stays an SVG")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/preview_scale_test.py")
        let screenshots = DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots")
        try BrowserScript.run([
            script.path, vault.root.appendingPathComponent("_site").path, screenshots.path,
        ])
    }
}
