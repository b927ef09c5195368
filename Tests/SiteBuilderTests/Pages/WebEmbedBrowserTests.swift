import Foundation
import Testing

@testable import SiteBuilder

/// Tests/Browser/web_embed_test.py in headless Chromium: a page with web videos asks their hosts
/// for nothing until a poster is clicked, the click plays the video in the host's player, and
/// without JavaScript the poster is a link to the video.
@Suite struct WebEmbedBrowserTests {
    @Test(BrowserScript.timeLimit(minutes: 3)) func postersLoadNothingUntilClicked() async throws {
        guard BrowserScript.isAvailable() else { return }
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(
            """
            # Media

            A talk, then a film and a post.

            ![A talk](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90)

            ![](https://vimeo.com/76979871)

            ![](https://twitter.com/jack/status/20)
            """, to: "Media.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/web_embed_test.py")
        let shots = DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots")
        try BrowserScript.run([script.path, vault.root.appendingPathComponent("_site").path, shots.path])
    }
}
