import Foundation
import ImagePipeline
import Testing

/// SVG, and GIF under the `original` policy, are inlined byte for byte; only their sizes are read.
@Suite struct InlineFormatTests {
    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        arguments: [("animated-loop-3.gif", 370, 285), ("cogs.gif", 85, 77), ("grey-plus-alpha.gif", 2, 1)])
    func gifIsInlinedUnchanged(_ file: String, _ width: Int, _ height: Int) throws {
        let path = Corpus.path("odd/\(file)")
        let rendition = try ImageProcessor.render(fileAt: path, settings: ImageSettings(format: .original))
        #expect(rendition.mimeType == "image/gif")
        #expect(rendition.data == (try Self.bytes(path)))
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (width, height))
        #expect((rendition.cssWidth, rendition.cssHeight) == (width, height))
        #expect(rendition.dataURI.hasPrefix("data:image/gif;base64,R0lGOD"))
    }

    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        arguments: [
            ("logo.svg", 736, 552, 720, 540), ("check.svg", 100, 100, 100, 100), ("circle.svg", 8, 8, 8, 8),
        ])
    func svgIsInlinedUnchanged(_ file: String, _ width: Int, _ height: Int, _ cssWidth: Int, _ cssHeight: Int)
        throws
    {
        let path = Corpus.path("odd/\(file)")
        let rendition = try ImageProcessor.render(fileAt: path)
        #expect(rendition.mimeType == "image/svg+xml")
        #expect(rendition.data == (try Self.bytes(path)))
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (width, height))
        #expect((rendition.cssWidth, rendition.cssHeight) == (cssWidth, cssHeight))
    }

    @Test(arguments: [
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="900"/>"#, 1440, 900, 720, 450),
        (#"<svg width='2in' height='1in' viewBox="0 0 10 10"></svg>"#, 192, 96, 192, 96),
        (#"<svg width="1000" viewBox="0 0 200 50"></svg>"#, 1000, 250, 720, 180),
        (#"<svg height="100" viewBox="0,0,300,100"></svg>"#, 300, 100, 300, 100),
        (#"<svg width="100%" height="100%" viewBox="0 0 1600 1200"></svg>"#, 1600, 1200, 720, 540),
        (
            #"<svg xmlns="http://www.w3.org/2000/svg"><rect width="5000" height="10"/></svg>"#, 300, 150, 300,
            150
        ),
        (
            "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- a > comment -->\n<!DOCTYPE svg>\n"
                + #"<svg:svg xmlns:svg="http://www.w3.org/2000/svg" data-x="a>b" width="40" height="30"/>"#,
            40, 30, 40, 30
        ),
    ])
    func svgSizeComesFromItsRoot(
        _ text: String, _ width: Int, _ height: Int, _ cssWidth: Int, _ cssHeight: Int
    )
        throws
    {
        let folder = try TemporaryFolder()
        let path = folder.path("drawing.svg")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let rendition = try ImageProcessor.render(fileAt: path)
        #expect(rendition.mimeType == "image/svg+xml")
        #expect(rendition.data == Data(text.utf8))
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (width, height))
        #expect((rendition.cssWidth, rendition.cssHeight) == (cssWidth, cssHeight))
    }

    @Test func htmlIsNotMistakenForSVG() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("page.svg")
        try Data("<html><body><svg width='10' height='10'></svg></body></html>".utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(throws: ImageError.self) { try ImageProcessor.render(fileAt: path) }
    }

    /// A WebP whose bytes mention SVG is still a WebP.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func webpThatLooksLikeSVGIsAWebP() throws {
        let rendition = try ImageProcessor.render(fileAt: Corpus.path("odd/looks-like-svg.webp"))
        #expect(rendition.mimeType == "image/webp")
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (256, 256))
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func animatedWebPKeepsItsFrames() throws {
        let rendition = try ImageProcessor.render(fileAt: Corpus.path("odd/animated-loop-3.webp"))
        #expect(rendition.mimeType == "image/webp")
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (370, 285))
        let decoded = try DecodedImage(rendition.data, allPages: true)
        #expect(decoded.pageCount == 10)
    }
}
