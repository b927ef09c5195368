import Foundation
import ImagePipeline
import Testing

/// `auto` chooses per image on purpose; the other policies force a format, never dropping alpha.
@Suite struct FormatPolicyTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    func render(_ path: String, _ format: ImageFormatPolicy, quality: Int? = nil) throws -> ImageRendition {
        try ImageProcessor.render(fileAt: path, settings: ImageSettings(format: format, quality: quality))
    }

    /// A palette PNG or a lossless WebP: what `auto` makes of a flat graphic of few colours.
    static func isLossless(_ rendition: ImageRendition) -> Bool {
        switch rendition.mimeType {
        case "image/png": EncodedFacts.pngColourType(rendition.data) == 3
        case "image/webp": EncodedFacts.webpChunks(rendition.data).contains("VP8L")
        default: false
        }
    }

    @Test func photoBecomesAVIF() throws {
        let path = folder.path("photo.png")
        try TestImage.writePhoto(to: path)
        let rendition = try render(path, .auto)
        #expect(rendition.mimeType == "image/avif")
        #expect(EncodedFacts.isAVIF(rendition.data))
        let decoded = try DecodedImage(rendition.data)
        #expect((decoded.width, decoded.height, decoded.bands) == (800, 600, 3))
        // Lossy AVIF of noise is far smaller than the lossless PNG source.
        let source = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(rendition.data.count * 3 < source.count)
    }

    /// AVIF is chosen because it is smaller at the same fidelity: on a real photo, resized, it
    /// must weigh less than the lossy WebP and the JPEG it replaces, and stay as close to the
    /// pixels (PSNR against the lossless resize, within 1 dB of the WebP's).
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func photoAVIFIsSmallerThanWebPAndJPEGAtTheSameFidelity() throws {
        let path = Corpus.path("exif-orientation/recurser/Landscape_1.jpg")
        let avif = try render(path, .auto)
        let webp = try render(path, .webp)
        let jpeg = try render(path, .jpeg)
        #expect(
            avif.mimeType == "image/avif" && webp.mimeType == "image/webp" && jpeg.mimeType == "image/jpeg")
        #expect(avif.data.count < webp.data.count, "AVIF \(avif.data.count), WebP \(webp.data.count)")
        #expect(avif.data.count < jpeg.data.count, "AVIF \(avif.data.count), JPEG \(jpeg.data.count)")
        let reference = try DecodedImage(try render(path, .png).data)
        let avifPSNR = try DecodedImage(avif.data).psnr(against: reference)
        let webpPSNR = try DecodedImage(webp.data).psnr(against: reference)
        #expect(avifPSNR > webpPSNR - 1, "AVIF \(avifPSNR) dB, WebP \(webpPSNR) dB")
        #expect(avifPSNR > 36, "AVIF \(avifPSNR) dB")
    }

    /// A screenshot of few colours is kept exact: a palette PNG or a lossless WebP, never lossy.
    @Test func flatScreenshotComesOutLossless() throws {
        let path = folder.path("screenshot.png")
        try TestImage.writeScreenshot(to: path)
        let rendition = try render(path, .auto)
        #expect(Self.isLossless(rendition), "\(rendition.mimeType)")
        // Lossless: the colours come back exactly.
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.mean(x: 0.3...0.6, y: 0.01...0.08) == [40, 90, 200])
    }

    @Test func flatScreenshotWithManyColoursBecomesLosslessWebP() throws {
        let path = folder.path("gradient-screenshot.png")
        try TestImage.writeScreenshot(to: path, gradient: true)
        let rendition = try render(path, .auto)
        #expect(rendition.mimeType == "image/webp")
        #expect(EncodedFacts.webpChunks(rendition.data) == ["VP8L"])
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.mean(x: 0.3...0.6, y: 0.01...0.08) == [40, 90, 200])
    }

    /// Flat graphics are exact: a palette of at most 256 colours that libimagequant made at
    /// quality 90 shifted colours by up to 26 levels on these two (the guide's screenshot by 14).
    /// Whichever of palette PNG and lossless WebP comes out, every pixel comes back.
    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        arguments: ["odd/indexed.png", "pngsuite/basn3p08.png"])
    func paletteGraphicComesOutExact(_ name: String) throws {
        let path = Corpus.path(name)
        for policy in [ImageFormatPolicy.auto, .png] {
            let rendition = try render(path, policy)
            let decoded = try DecodedImage(rendition.data)
            let source = try DecodedImage(fileAt: path)
            #expect((decoded.width, decoded.height, decoded.bands) == (source.width, source.height, 3))
            #expect(decoded.pixels == source.pixels, "\(name) as \(rendition.mimeType) under \(policy)")
            #expect(rendition.mimeType == (policy == .png ? "image/png" : rendition.mimeType))
        }
    }

    /// Under `auto` a lossless WebP replaces an exact palette PNG when it is smaller, and the
    /// quality setting never makes a palette lossy.
    @Test func paletteGraphicTakesTheSmallerExactEncoding() throws {
        let path = folder.path("screenshot.png")
        try TestImage.writeScreenshot(to: path)
        let auto = try render(path, .auto)
        let png = try render(path, .png, quality: 10)
        let webp = try render(path, .webp)
        #expect(png.mimeType == "image/png" && EncodedFacts.pngColourType(png.data) == 3)
        #expect(EncodedFacts.webpChunks(webp.data) == ["VP8L"])
        #expect(auto.data.count <= min(png.data.count, webp.data.count))
        let source = try DecodedImage(fileAt: path)
        #expect(try DecodedImage(png.data).pixels == source.pixels)
        #expect(try DecodedImage(auto.data).pixels == source.pixels)
    }

    @Test func transparentPhotoKeepsAlphaInAVIF() throws {
        let path = folder.path("cutout.png")
        try TestImage.writePhoto(to: path, alpha: true)
        let rendition = try render(path, .auto)
        #expect(rendition.mimeType == "image/avif")
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.bands == 4)
        #expect(decoded.mean(x: 0.9...0.99, y: 0.1...0.9)[3] < 80)
        #expect(decoded.mean(x: 0.05...0.4, y: 0.1...0.9)[3] > 250)
    }

    @Test func transparentScreenshotKeepsAlphaLosslessly() throws {
        let path = folder.path("icon.png")
        try TestImage.writeScreenshot(to: path, alpha: true)
        let rendition = try render(path, .auto)
        #expect(Self.isLossless(rendition), "\(rendition.mimeType)")
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.bands == 4)
        #expect(decoded.mean(x: 0...0.04, y: 0...0.05)[3] == 0)
        #expect(decoded.mean(x: 0.3...0.6, y: 0.3...0.6)[3] == 255)
    }

    /// An alpha band that is opaque everywhere is dropped, so it costs nothing.
    @Test func unusedAlphaIsDropped() throws {
        let path = folder.path("opaque-rgba.png")
        try TestImage.writeQuadrants(
            to: path, width: 200, height: 100, colours: TestImage.quadrantColours.map { $0 + [255] })
        let decoded = try DecodedImage(try render(path, .auto).data)
        #expect(decoded.bands == 3)
    }

    @Test(arguments: [
        (ImageFormatPolicy.jpeg, "image/jpeg"), (.png, "image/png"), (.webp, "image/webp"),
        (.avif, "image/avif"),
        (.original, "image/png"),
    ])
    func forcedPolicyGivesItsFormat(_ policy: ImageFormatPolicy, _ mimeType: String) throws {
        let path = folder.path("photo.png")
        try TestImage.writePhoto(to: path, width: 400, height: 300)
        let rendition = try render(path, policy)
        #expect(rendition.mimeType == mimeType)
        let decoded = try DecodedImage(rendition.data)
        #expect((decoded.width, decoded.height) == (400, 300))
        // The gradient survives every encoder: red rises from left to right.
        #expect(
            decoded.mean(x: 0.85...0.95, y: 0.4...0.6)[0] > decoded.mean(x: 0.05...0.15, y: 0.4...0.6)[0]
                + 100)
    }

    /// A small photo (an icon, a thumbnail) comes out exact: lossy blocks show on it and the
    /// bytes saved are few. One pixel past the limit is a photo like any other.
    @Test func smallPhotoComesOutExact() throws {
        let path = folder.path("small-photo.png")
        try TestImage.writePhoto(to: path, width: 64, height: 48)
        let rendition = try render(path, .auto)
        let decoded = try DecodedImage(rendition.data)
        let source = try DecodedImage(fileAt: path)
        #expect((decoded.width, decoded.height, decoded.bands) == (64, 48, 3))
        #expect(decoded.pixels == source.pixels)
        #expect(rendition.mimeType != "image/webp" || EncodedFacts.webpChunks(rendition.data) == ["VP8L"])

        let forced = try render(path, .webp)
        #expect(EncodedFacts.webpChunks(forced.data) == ["VP8L"])

        let larger = folder.path("larger-photo.png")
        try TestImage.writePhoto(to: larger, width: 257, height: 256)
        #expect(EncodedFacts.isAVIF(try render(larger, .auto).data))
        #expect(EncodedFacts.webpChunks(try render(larger, .webp).data) == ["VP8 "])
    }

    /// JPEG has no alpha, so asking for JPEG does not throw transparency away.
    @Test func jpegPolicyKeepsAlphaAsPNG() throws {
        let path = folder.path("cutout.png")
        try TestImage.writePhoto(to: path, width: 400, height: 300, alpha: true)
        let rendition = try render(path, .jpeg)
        #expect(rendition.mimeType == "image/png")
        #expect(try DecodedImage(rendition.data).bands == 4)
    }

    @Test(arguments: [ImageFormatPolicy.jpeg, .webp, .avif])
    func qualityChangesTheSize(_ policy: ImageFormatPolicy) throws {
        let path = folder.path("photo.png")
        try TestImage.writePhoto(to: path, width: 400, height: 300)
        let low = try render(path, policy, quality: 20)
        let high = try render(path, policy, quality: 95)
        #expect(low.data.count * 2 < high.data.count, "\(low.data.count) vs \(high.data.count)")
    }

    @Test func policyParsesFromTheSetting() {
        #expect(ImageFormatPolicy(setting: "JPG") == .jpeg)
        #expect(ImageFormatPolicy(setting: "auto") == .auto)
        #expect(ImageFormatPolicy(setting: "original") == .original)
        #expect(ImageFormatPolicy(setting: "bmp") == nil)
        #expect(ImageSettings().format == .auto)
        #expect(ImageSettings().maxInputPixels == 100_000_000)
        #expect(ImageSettings(quality: 500).quality == 100)
    }

    /// Animations stay animated: a GIF as an animated WebP when smaller, a WebP as a WebP.
    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        arguments: [
            ("animated-loop-3.gif", ImageFormatPolicy.auto), ("animated-loop-3.gif", .webp),
            ("animated-loop-3.gif", .jpeg), ("animated-loop-3.webp", .auto), ("animated-loop-3.webp", .png),
        ])
    func animationKeepsItsFrames(_ file: String, _ policy: ImageFormatPolicy) throws {
        let path = Corpus.path("odd/\(file)")
        let rendition = try render(path, policy)
        #expect(["image/webp", "image/gif"].contains(rendition.mimeType))
        let decoded = try DecodedImage(rendition.data, allPages: true)
        #expect(decoded.pageCount == 10)
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (370, 285))
        if policy == .webp || file.hasSuffix(".webp") {
            #expect(rendition.mimeType == "image/webp")
        }
        if policy == .auto {
            #expect(rendition.data.count <= (try Data(contentsOf: URL(fileURLWithPath: path))).count)
        }
    }
}
