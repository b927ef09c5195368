import Foundation
import ImagePipeline
import Testing

/// `image_timeout`: an image that takes longer than the limit fails with its own error; the
/// limit is per image, and a legal image within it renders as before.
@Suite struct TimeLimitTests {
    /// 48 megapixels of one grey: under the 100-megapixel `max_pixels`, and a second or more
    /// to decode and shrink here (every pixel goes through zlib, the PNG filters and the resize).
    static let width = 8000
    static let height = 6000

    @Test func slowDecodeStopsAtTheLimit() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("large.png")
        try TestImage.writeLargeFlatPNG(to: path, width: Self.width, height: Self.height)

        let started = ContinuousClock.now
        var failure: ImageError?
        do {
            _ = try ImageProcessor.render(fileAt: path, settings: ImageSettings(timeLimit: 0.05))
        } catch {
            failure = error
        }
        let limited = ContinuousClock.now - started
        let error = try #require(failure, "a 48-megapixel decode cannot finish in 0.05 s")
        #expect(error.path == path)
        #expect(error.reason.contains("time limit") && error.reason.contains("image_timeout"), "\(error)")
        #expect(error.reason.contains("0.05 s"))
        #expect(!error.description.contains("\n"))

        // Within the default limit the same file renders, and takes longer than the failure did:
        // the limit stopped the work, it did not just report it late.
        let whole = ContinuousClock.now
        let rendition = try ImageProcessor.render(fileAt: path)
        let unlimited = ContinuousClock.now - whole
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (1440, 1080))
        #expect(limited < unlimited, "stopped after \(limited), whole render \(unlimited)")
        #expect(limited < .seconds(10))
    }

    /// A limit far above what an image needs changes nothing, and is not part of the cache key:
    /// a rendition made under one limit is served under another.
    @Test func limitDoesNotChangeTheOutput() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("photo.jpg")
        try TestImage.writeQuadrants(to: path + "[Q=90]", width: 1600, height: 1200)
        let cache = RenditionCache(folder: folder.url.appendingPathComponent("cache"))
        let first = try ImageProcessor.render(
            fileAt: path, settings: ImageSettings(timeLimit: 600), cache: cache)
        let second = try ImageProcessor.render(
            fileAt: path, settings: ImageSettings(timeLimit: 5), cache: cache)
        #expect(first == second)
        #expect(cache.statistics.hits == 1 && cache.statistics.encodes == 1)
    }
}
