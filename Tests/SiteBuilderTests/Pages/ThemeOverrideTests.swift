import Foundation
import Testing

@testable import SiteBuilder

@Suite struct ThemeOverrideTests {
    @Test func vaultThemeFilesOverrideTheDefaults() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n", to: "a.md")
        try vault.write(
            "<footer class=\"mine\">{{site.title}} by me</footer>\n", to: "_theme/footer.mustache")
        try vault.write("body { color: rebeccapurple; }\n", to: "_theme/style.css")
        try vault.write("console.log('extra');\n", to: "_theme/extra.js")
        try vault.write("# Not a note\n", to: "_theme/README.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try vault.read("_site/a.html")
        #expect(page.contains("<footer class=\"mine\">"))
        #expect(try vault.read("_site/assets/style.css") == "body { color: rebeccapurple; }\n")
        #expect(vault.exists("_site/assets/extra.js") && vault.exists("_site/assets/preview.js"))
        #expect(!vault.exists("_site/_theme") && !vault.exists("_site/_theme/readme.html"), "never published")
    }

    @Test func brokenOverrideIsReportedInItsFile() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n", to: "a.md")
        try vault.write("<main>\n  {{#open}}\n</main>\n", to: "looks/page.mustache")
        try vault.write("theme: looks\n", to: "notesite.yml")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        #expect(report.exitCode(strict: false) == 1)
        let message = try #require(report.sortedDiagnostics.first?.description)
        #expect(message.hasPrefix("\(vault.root.path)/looks/page.mustache:2:3: error:"), "\(message)")
    }

    @Test func ejectWritesEveryDefaultFileAndKeepsExistingOnes() throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("mine\n", to: "_theme/style.css")
        let (folder, written) = try ThemeEjection.eject(vault: vault.root)
        #expect(folder.lastPathComponent == "_theme")
        #expect(written.contains("page.mustache") && written.contains("preview.js"))
        #expect(!written.contains("style.css"))
        #expect(try vault.read("_theme/style.css") == "mine\n")
        // The interface's words in a folder of their own, one table per language.
        let tables = written.filter { $0.hasPrefix("strings/") }
        #expect(tables.contains("strings/de.yml") && tables.contains("strings/en.yml"))
        #expect(try vault.read("_theme/strings/de.yml").contains("on_this_page: \"Auf dieser Seite\""))
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)).count
                == written.count - tables.count + 2)
    }
}
