import Foundation
import ImagePipeline
import Testing

@testable import SiteBuilder

@Suite struct ImageSettingsSiteTests {
    @Test func secondBuildEncodesNothingAndARenameIsFree() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(TinyPNG.solid(width: 900, height: 600), to: "a.png")
        try vault.write(TinyPNG.solid(width: 300, height: 200, rgb: (10, 200, 30)), to: "b.png")
        try vault.write("# One\n\n![a](a.png) ![[a.png|200]] ![b](b.png)\n", to: "One.md")
        try vault.write("# Two\n\n![a again](a.png)\n", to: "Two.md")
        let first = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(first.diagnostics.isEmpty, "\(first.diagnostics)")
        #expect(
            first.imageCache?.encodes == 3, "a.png at two sizes and b.png; a.png in Two is the same rendition"
        )
        let second = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(second.imageCache?.encodes == 0 && second.imageCache?.hits == 3)
        try FileManager.default.moveItem(
            at: vault.root.appendingPathComponent("b.png"),
            to: vault.root.appendingPathComponent("renamed.png"))
        try vault.write("# One\n\n![a](a.png) ![[a.png|200]] ![b](renamed.png)\n", to: "One.md")
        let third = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(third.imageCache?.encodes == 0, "the cache is keyed by content, not by name")
        #expect(!vault.exists("_site/.notesite-cache") && vault.exists(".notesite-cache"))
        #expect(try vault.read("_site/one.html").contains("width=\"200\" height=\"133\""))
        #expect(CacheCleaning.removeCache(vault: vault.root) != nil)
        let cold = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(cold.imageCache?.encodes == 3)
    }

    @Test func formatAndCacheSettings() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(TinyPNG.solid(width: 64, height: 48), to: "a.png")
        try vault.write("# A\n\n![a](a.png)\n", to: "A.md")
        try vault.write("image_format: jpeg\nimage_quality: 70\ncache: false\n", to: "notesite.yml")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.imageCache == nil && !vault.exists(".notesite-cache"))
        #expect(try vault.read("_site/a.html").contains("src=\"data:image/jpeg;base64,"))
    }

    @Test(arguments: [
        "image_format: gif\n", "image_quality: 0\n", "image_quality: high\n", "max_pixels: -5\n",
        "cache: /tmp\n", "image_timeout: 0\n", "image_timeout: soon\n",
    ])
    func badImageSettingsAreErrors(text: String) {
        let (_, diagnostics) = SiteConfiguration.parse(text, file: "notesite.yml")
        #expect(diagnostics.map(\.severity) == [.error])
    }

    @Test func imageTimeoutIsInSeconds() {
        #expect(SiteConfiguration().imageTimeout == 30)
        let (configuration, diagnostics) = SiteConfiguration.parse(
            "image_timeout: 2.5\n", file: "notesite.yml")
        #expect(diagnostics.isEmpty && configuration.imageTimeout == 2.5)
    }

    @Test func bombIsRefusedAtItsReference() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(TinyPNG.solid(width: 200, height: 200), to: "big.png")
        try vault.write("max_pixels: 10000\n", to: "notesite.yml")
        try vault.write("# A\n\nSee ![big](big.png)\n", to: "A.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        let message = try #require(report.diagnostics.first?.description)
        #expect(message.contains("A.md:3:5: error: cannot use image 'big.png':"), "\(message)")
        #expect(try vault.read("_site/a.html").contains("missing image: big.png"))
    }
}
