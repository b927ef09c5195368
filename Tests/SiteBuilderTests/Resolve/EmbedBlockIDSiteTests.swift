import Foundation
import Testing

@testable import SiteBuilder

/// `![[x.png]]^id` and `![[note]]^id`: a block id right after an embed names the block, and links
/// to it resolve without a warning.
struct EmbedBlockIDSiteTests {
    @Test func idsRightAfterEmbedsAreBlocksLinksFind() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(TinyPNG.solid(width: 8, height: 8), to: "pic.png")
        try vault.write("# Recipe\n\nCustard.\n", to: "Recipe.md")
        try vault.write(
            "# Source\n\n![[pic.png]]^picture\n\n![[Recipe]]^recipe\n\nAfter.\n", to: "Source.md")
        try vault.write(
            "# Host\n\n[[Source#^picture]] and [[Source#^recipe]].\n\n![[Source#^picture]]\n", to: "Host.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        let host = try vault.read("_site/host.html")
        #expect(host.contains("href=\"source.html#%5Epicture\""), "\(host)")
        #expect(host.contains("href=\"source.html#%5Erecipe\""))
        #expect(host.contains("<p id=\"embed-1-^picture\">"), "the image's paragraph is embedded")
        let source = try vault.read("_site/source.html")
        #expect(source.contains("<p id=\"^picture\"><span class=\"notesite-figure\""), "\(source)")
        #expect(
            source.contains("<div id=\"^recipe\">\n<div class=\"embed\" data-note=\"Recipe.md\">"),
            "the embedded note carries the id")
        #expect(!source.contains("decoding=\"async\"></a>^picture") && !source.contains("</div>^recipe"))
    }

    /// A page places its own note's parts: `![[#^id]]`, and a part of it that a note it embeds
    /// embeds in turn.
    @Test func aNotePlacesItsOwnBlocks() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n\nOwn words. ^own\n\n![[#^own]]\n\n![[B]]\n", to: "A.md")
        try vault.write("# B\n\n![[A#^own]]\n", to: "B.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        let page = try vault.read("_site/a.html")
        #expect(page.contains("<p id=\"embed-1-^own\">Own words.</p>"), "\(page)")
        let placed = page.components(separatedBy: "Own words.</p>").count - 1
        #expect(placed == 3, "its own, placed, and through B")
        #expect(!page.contains("broken-link"))
    }
}
