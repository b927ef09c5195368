import Foundation
import ImagePipeline
import Testing

/// Sizes and formats of generated images: the width fits, the height follows, nothing grows.
/// Formats here are the `original` policy's; `FormatPolicyTests` covers the others.
@Suite struct ResizeTests {
    static let original = ImageSettings(format: .original)
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test func largeJPEGFitsTheWidth() throws {
        let path = folder.path("large.jpg")
        try TestImage.writeQuadrants(to: path + "[Q=90]", width: 4000, height: 3000)
        let rendition = try ImageProcessor.render(fileAt: path, settings: Self.original)
        #expect(rendition.mimeType == "image/jpeg")
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (1440, 1080))
        #expect((rendition.cssWidth, rendition.cssHeight) == (720, 540))
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.loader.contains("Jpeg"))
        #expect((decoded.width, decoded.height) == (1440, 1080))
        expectQuadrants(decoded)
    }

    @Test func tallPNGKeepsItsSizeAndIsNotBoxed() throws {
        let path = folder.path("tall.png")
        try TestImage.writeQuadrants(to: path, width: 1000, height: 3000)
        let rendition = try ImageProcessor.render(fileAt: path, settings: Self.original)
        #expect(rendition.mimeType == "image/png")
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (1000, 3000))
        #expect((rendition.cssWidth, rendition.cssHeight) == (720, 2160))
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.loader.contains("Png"))
        #expect((decoded.width, decoded.height) == (1000, 3000))
        expectQuadrants(decoded)
    }

    @Test func smallWebPIsNeverEnlarged() throws {
        let path = folder.path("small.webp")
        try TestImage.writeQuadrants(to: path + "[Q=95]", width: 500, height: 400)
        let rendition = try ImageProcessor.render(fileAt: path, settings: Self.original)
        #expect(rendition.mimeType == "image/webp")
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (500, 400))
        #expect((rendition.cssWidth, rendition.cssHeight) == (500, 400))
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.loader.contains("Webp"))
        #expect((decoded.width, decoded.height) == (500, 400))
        expectQuadrants(decoded)
    }

    @Test func customSettingsAreHonoured() throws {
        let path = folder.path("custom.png")
        try TestImage.writeQuadrants(to: path, width: 1200, height: 600)
        let rendition = try ImageProcessor.render(
            fileAt: path, settings: ImageSettings(maxPixelWidth: 800, columnWidth: 400, format: .original))
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (800, 400))
        #expect((rendition.cssWidth, rendition.cssHeight) == (400, 200))
    }

    @Test func opaqueTIFFBecomesJPEG() throws {
        let path = folder.path("photo.tif")
        try TestImage.writeQuadrants(to: path, width: 2000, height: 1000)
        let rendition = try ImageProcessor.render(fileAt: path, settings: Self.original)
        #expect(rendition.mimeType == "image/jpeg")
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (1440, 720))
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.loader.contains("Jpeg"))
        expectQuadrants(decoded)
    }

    @Test func transparentTIFFBecomesPNGAndKeepsAlpha() throws {
        let path = folder.path("cutout.tif")
        let colours: [[UInt8]] = [
            [220, 30, 30, 255], [30, 200, 40, 0], [30, 40, 210, 255], [250, 250, 250, 128],
        ]
        try TestImage.writeQuadrants(to: path, width: 600, height: 400, colours: colours)
        let rendition = try ImageProcessor.render(fileAt: path, settings: Self.original)
        #expect(rendition.mimeType == "image/png")
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.bands == 4)
        #expect(decoded.mean(x: 0.6...0.9, y: 0.1...0.4)[3] < 5)
        #expect(decoded.mean(x: 0.1...0.4, y: 0.1...0.4)[3] > 250)
    }

    /// AVIF and HEIC become JPEG (browsers without HEIC support still show them), or PNG with alpha.
    @Test(arguments: [
        ("photo.avif", 3, "image/jpeg"), ("photo.heic", 3, "image/jpeg"), ("cutout.avif", 4, "image/png"),
    ])
    func heifBecomesJPEGOrPNG(_ name: String, _ bands: Int, _ mimeType: String) throws {
        let path = folder.path(name)
        let colours = TestImage.quadrantColours.map { Array($0.prefix(3)) + (bands == 4 ? [255] : []) }
        try TestImage.writeQuadrants(to: path + "[Q=90]", width: 2000, height: 1500, colours: colours)
        let rendition = try ImageProcessor.render(fileAt: path, settings: Self.original)
        #expect(rendition.mimeType == mimeType)
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (1440, 1080))
        #expect((rendition.cssWidth, rendition.cssHeight) == (720, 540))
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.bands == bands)
        expectQuadrants(decoded)
    }

    /// The quadrant colours come out where they went in (not mirrored, not rotated).
    private func expectQuadrants(_ decoded: DecodedImage, sourceLocation: SourceLocation = #_sourceLocation) {
        let regions: [(ClosedRange<Double>, ClosedRange<Double>)] = [
            (0.1...0.4, 0.1...0.4), (0.6...0.9, 0.1...0.4), (0.1...0.4, 0.6...0.9), (0.6...0.9, 0.6...0.9),
        ]
        for (index, region) in regions.enumerated() {
            let expected = TestImage.quadrantColours[index].map(Double.init)
            let actual = Array(decoded.mean(x: region.0, y: region.1).prefix(3))
            #expect(
                colourDistance(actual, expected) < 12, "quadrant \(index): \(actual) vs \(expected)",
                sourceLocation: sourceLocation)
        }
    }
}
