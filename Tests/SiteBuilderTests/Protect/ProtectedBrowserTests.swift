import Foundation
import Testing

@testable import SiteBuilder

/// Tests/Browser/protect_test.py in headless Chromium over a site with protected notes: the form,
/// a wrong password, the right one (code and math working after), kept unlocked across pages, a
/// tampered ciphertext refused, the no-JavaScript sentence, dark-scheme contrast.
@Suite struct ProtectedBrowserTests {
    static let password = "correct horse battery"

    @Test(BrowserScript.timeLimit(minutes: 3)) func protectedNotesOpenInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let vault = try TestVault()
        defer { vault.remove() }
        let files = [
            "notesite.yml": "protect:\n  - path: family/*\n    password_env: NOTESITE_BROWSER_FAMILY\n",
            "index.md": "# Home\n\n![[garden]]\n",
            "family/garden.md": """
            # Garden

            ## Rows

            ## Beds

            The pomegranatebody paragraph, with $x^2 + y^2$ in it.

            ```python
            print("garden")
            ```
            """,
            "family/letters.md": "# Letters\n\nThe tangerineletter paragraph.\n",
        ]
        for (path, text) in files { try vault.write(text, to: path) }
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.environment = ["NOTESITE_BROWSER_FAMILY": Self.password]
        let report = await SiteBuild.run(options)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        // One byte of the ciphertext changed (a base64 digit in the middle): GCM's tag must refuse it.
        var page = try vault.read("_site/family/garden.html")
        let field = try #require(page.range(of: "\"ciphertext\":\""))
        let index = page.index(field.upperBound, offsetBy: 40)
        let digit = page[index]
        page.replaceSubrange(index...index, with: digit == "A" ? "B" : "A")
        try vault.write(page, to: "_site/family/tampered.html")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/protect_test.py")
        try BrowserScript.run([script.path, vault.root.appendingPathComponent("_site").path, Self.password])
    }
}
