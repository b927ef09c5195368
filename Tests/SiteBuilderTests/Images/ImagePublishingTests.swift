import Foundation
import ImagePipeline
import Testing

@testable import SiteBuilder

/// `inline`, `inline_max_bytes`, `page_budget_bytes` and `preview_width`, through real builds.
@Suite struct ImagePublishingTests {
    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Two PNGs of very different sizes, shown by a note in a folder (so links climb out of it)
    /// and by one at the root; returns their renditions' encoded sizes.
    static func writeTwoImages(to vault: TestVault) throws -> (small: Int, large: Int) {
        try vault.write(TinyPNG.solid(width: 8, height: 8), to: "small.png")
        try vault.write(TinyPNG.solid(width: 600, height: 400, rgb: (10, 10, 250)), to: "large.png")
        try vault.write("# P\n\n![s](../small.png) ![l](../large.png)\n", to: "sub/P.md")
        try vault.write("# Q\n\n![l](large.png)\n", to: "Q.md")
        let settings = ImageSettings(format: .png)
        let small = try ImageProcessor.render(
            fileAt: vault.root.appendingPathComponent("small.png").path, settings: settings, cache: nil)
        let large = try ImageProcessor.render(
            fileAt: vault.root.appendingPathComponent("large.png").path, settings: settings, cache: nil)
        return (small.data.count, large.data.count)
    }

    @Test func autoInlinesSmallImagesAndPublishesLargeOnesOnce() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let sizes = try Self.writeTwoImages(to: vault)
        try #require(sizes.small < sizes.large)
        let threshold = (sizes.small + sizes.large) / 2
        try vault.write(
            "image_format: png\ninline: auto\ninline_max_bytes: \(threshold)\ncache: false\n",
            to: "notesite.yml")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let published = Self.files(in: vault.root.appendingPathComponent("_site/images"))
        #expect(published.count == 1, "the large rendition once, for both pages: \(published)")
        let name = try #require(published.first)
        #expect(name.hasSuffix(".png"))
        let file = try Data(contentsOf: vault.root.appendingPathComponent("_site/images/" + name))
        #expect(file.count == sizes.large && file.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let page = try vault.read("_site/sub/p.html")
        #expect(
            page.contains("src=\"../images/\(name)\" width=\"600\" height=\"400\""), "relative to the page")
        #expect(page.contains("src=\"data:image/png;base64,"), "the small one stays inline")
        #expect(try vault.read("_site/q.html").contains("src=\"images/\(name)\""))
    }

    @Test func neverPublishesEveryImageAndAlwaysNone() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        _ = try Self.writeTwoImages(to: vault)
        try vault.write("image_format: png\ninline: never\n", to: "notesite.yml")
        let never = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(never.diagnostics.isEmpty, "\(never.diagnostics)")
        #expect(Self.files(in: vault.root.appendingPathComponent("_site/images")).count == 2)
        #expect(!(try vault.read("_site/sub/p.html")).contains("src=\"data:image/"))
        try vault.write("image_format: png\n", to: "notesite.yml")
        let always = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(always.diagnostics.isEmpty, "\(always.diagnostics)")
        #expect(!vault.exists("_site/images"), "by default every image is inlined")
        #expect(try vault.read("_site/sub/p.html").components(separatedBy: "src=\"data:image/").count == 3)
    }

    @Test func aPageOverItsBudgetIsNamedWithItsThreeLargestImages() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        for (name, side) in [("a", 40), ("b", 80), ("c", 120), ("d", 160)] {
            try vault.write(
                TinyPNG.solid(width: side, height: side, rgb: (UInt8(side), 30, 90)), to: "\(name).png")
        }
        try vault.write("# Heavy\n\n![](a.png) ![](b.png) ![](c.png) ![](d.png)\n", to: "Heavy.md")
        try vault.write("# Light\n\n![](a.png)\n", to: "Light.md")
        // The budget sits just above the light page's weight, so only the heavy page passes it.
        let light = ImagePublishing.inlinedBytes(
            try ImageProcessor.render(
                fileAt: vault.root.appendingPathComponent("a.png").path,
                settings: ImageSettings(format: .png),
                cache: nil))
        try vault.write("image_format: png\npage_budget_bytes: \(light + 1)\n", to: "notesite.yml")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        let warnings = report.diagnostics.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.contains("Heavy.md:1:1: warning: page 'heavy.html' inlines"), "\(warning)")
        #expect(warning.contains("'d.png'") && warning.contains("'c.png'") && warning.contains("'b.png'"))
        #expect(!warning.contains("'a.png'"), "only the three largest")
        let order = ["'d.png'", "'c.png'", "'b.png'"].compactMap { warning.range(of: $0)?.lowerBound }
        #expect(order == order.sorted(), "largest first")
    }

    @Test func previewWidthAddsALargerFileLoadedOnlyByThePreview() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(TinyPNG.solid(width: 640, height: 320), to: "wide.png")
        try vault.write(TinyPNG.solid(width: 100, height: 100), to: "small.png")
        try vault.write("# W\n\n![w](wide.png) ![s](small.png)\n", to: "sub/W.md")
        try vault.write("image_format: png\nimage_width: 320\ncolumn_width: 160\n", to: "notesite.yml")
        let off = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(off.diagnostics.isEmpty, "\(off.diagnostics)")
        #expect(!(try vault.read("_site/sub/w.html")).contains("data-preview-src"), "off by default")
        try vault.write(
            "image_format: png\nimage_width: 320\ncolumn_width: 160\npreview_width: 600\n", to: "notesite.yml"
        )
        let on = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(on.diagnostics.isEmpty, "\(on.diagnostics)")
        let page = try vault.read("_site/sub/w.html")
        let published = Self.files(in: vault.root.appendingPathComponent("_site/images"))
        #expect(published.count == 1, "no preview for an image already shown at full size: \(published)")
        let name = try #require(published.first)
        #expect(page.components(separatedBy: "data-preview-src=").count == 2)
        #expect(page.contains("data-preview-src=\"../images/\(name)\""))
        #expect(
            page.components(separatedBy: "src=\"data:image/png;base64,").count == 3,
            "the page keeps both inline")
        let preview = try Data(contentsOf: vault.root.appendingPathComponent("_site/images/" + name))
        // The PNG header's width: bytes 16-19.
        let width = preview[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 600)
        let script = try vault.read("_site/assets/preview.js")
        #expect(script.contains("getAttribute(\"data-preview-src\")"))
    }

    @Test(arguments: [
        "inline: sometimes\n", "inline_max_bytes: -1\n", "inline_max_bytes: lots\n", "page_budget_bytes: 0\n",
        "preview_width: 5\n", "preview_width: yes please\n",
    ])
    func badPublishingSettingsAreErrorsAtTheirValue(text: String) {
        let (configuration, diagnostics) = SiteConfiguration.parse(text, file: "notesite.yml")
        #expect(diagnostics.map(\.severity) == [.error])
        #expect(diagnostics.first?.location?.line == 1 && (diagnostics.first?.location?.column ?? 0) > 1)
        #expect(configuration == SiteConfiguration(), "a bad value keeps the default")
    }

    @Test func publishingSettingsAreRead() {
        let text = "inline: auto\ninline_max_bytes: 2048\npage_budget_bytes: 1000000\npreview_width: 2400\n"
        let (configuration, diagnostics) = SiteConfiguration.parse(text, file: "notesite.yml")
        #expect(diagnostics.isEmpty)
        #expect(configuration.inline == .auto && configuration.inlineMaxBytes == 2048)
        #expect(configuration.pageBudgetBytes == 1_000_000 && configuration.previewWidth == 2400)
        #expect(SiteConfiguration().inline == .always && SiteConfiguration().previewWidth == nil)
    }
}
