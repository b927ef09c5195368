import Foundation
import ImagePipeline
import Testing

/// `![[x.png|300]]` and `![[x.png|300x200]]`: CSS size as asked, pixels at 2x, never enlarged.
@Suite struct SizeRequestTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test(arguments: [
        ("300", ImageSizeRequest.width(300)), ("300x200", .box(width: 300, height: 200)),
        (" 640 ", .width(640)),
    ])
    func parsesTheSuffix(_ text: String, _ expected: ImageSizeRequest) {
        #expect(ImageSizeRequest(obsidianSuffix: text) == expected)
    }

    @Test(arguments: ["", "alt text", "0", "300x", "x200", "-5", "300x200x100", "3OO", "1234567"])
    func refusesOtherText(_ text: String) {
        #expect(ImageSizeRequest(obsidianSuffix: text) == nil)
    }

    /// (source size, request, expected pixels, expected CSS size)
    @Test(arguments: [
        // |300 on a wide image: 300 CSS px, 600 device px.
        (2000, 1000, ImageSizeRequest.width(300), 600, 300, 300, 150),
        // A box fits inside, keeping the aspect ratio: the width binds here...
        (2000, 1000, .box(width: 300, height: 200), 600, 300, 300, 150),
        // ...and the height here.
        (2000, 1000, .box(width: 300, height: 100), 400, 200, 200, 100),
        // A small source is never enlarged: pixels stay, the CSS size is the request.
        (400, 200, .width(300), 400, 200, 300, 150),
        // No wider than the column (720 CSS px, 1440 px).
        (3000, 1500, .width(1000), 1440, 720, 720, 360),
    ])
    func sizesFollowTheRequest(
        _ width: Int, _ height: Int, _ request: ImageSizeRequest, _ pixelWidth: Int, _ pixelHeight: Int,
        _ cssWidth: Int, _ cssHeight: Int
    ) throws {
        let path = folder.path("picture.jpg")
        try TestImage.writeQuadrants(to: path + "[Q=90]", width: width, height: height)
        let rendition = try ImageProcessor.render(fileAt: path, settings: ImageSettings(size: request))
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (pixelWidth, pixelHeight))
        #expect((rendition.cssWidth, rendition.cssHeight) == (cssWidth, cssHeight))
        let decoded = try DecodedImage(rendition.data)
        #expect((decoded.width, decoded.height) == (pixelWidth, pixelHeight))
    }

    /// The width is fitted, never a square box, and nothing is enlarged.
    @Test(arguments: [(3000, 4000, 1440, 1920, 720, 960), (1200, 1800, 1200, 1800, 720, 1080)])
    func portraitFitsTheWidth(
        _ width: Int, _ height: Int, _ pixelWidth: Int, _ pixelHeight: Int, _ cssWidth: Int, _ cssHeight: Int
    ) throws {
        let path = folder.path("portrait.jpg")
        try TestImage.writeQuadrants(to: path + "[Q=90]", width: width, height: height)
        let rendition = try ImageProcessor.render(fileAt: path)
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (pixelWidth, pixelHeight))
        #expect((rendition.cssWidth, rendition.cssHeight) == (cssWidth, cssHeight))
        let decoded = try DecodedImage(rendition.data)
        #expect((decoded.width, decoded.height) == (pixelWidth, pixelHeight))
    }

    /// SVG keeps its bytes; the request sets its CSS size.
    @Test func svgTakesTheRequestedSize() throws {
        let path = folder.path("drawing.svg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"/>"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let rendition = try ImageProcessor.render(
            fileAt: path, settings: ImageSettings(size: .box(width: 100, height: 100)))
        #expect((rendition.cssWidth, rendition.cssHeight) == (100, 50))
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (800, 400))
    }
}
