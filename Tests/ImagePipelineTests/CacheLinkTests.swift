import Foundation
import ImagePipeline
import Testing

/// The rendition cache reads only its own files: an entry or a shard folder that is a symlink (or a
/// hard link, a FIFO) is a miss, never read, and the next store replaces it without touching
/// anything outside the cache folder. The planted targets hold valid entries, so a cache that
/// followed the link would report a hit.
@Suite struct CacheLinkTests {
    let folder: TemporaryFolder
    let image: String
    let manager = FileManager.default

    init() throws {
        folder = try TemporaryFolder()
        image = folder.path("photo.png")
        try TestImage.writePhoto(to: image, width: 300, height: 200)
    }

    var cacheFolder: URL { folder.url.appendingPathComponent(".notesite-cache") }
    var outside: URL { folder.url.appendingPathComponent("outside") }

    /// Renders once into the cache and returns the rendition and its entry file.
    func primed() throws -> (ImageRendition, URL) {
        let rendition = try ImageProcessor.render(fileAt: image, cache: RenditionCache(folder: cacheFolder))
        let shards = try manager.contentsOfDirectory(atPath: cacheFolder.path).filter { $0.count == 2 }
        let shard = cacheFolder.appendingPathComponent(try #require(shards.first))
        let name = try #require(try manager.contentsOfDirectory(atPath: shard.path).first)
        return (rendition, shard.appendingPathComponent(name))
    }

    func isSymlink(_ url: URL) -> Bool {
        (try? manager.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }

    /// Renders with a fresh cache: a miss that re-encodes, replacing the entry with a real file.
    func expectMissAndReplace(_ entry: URL, expected: ImageRendition) throws {
        let cache = RenditionCache(folder: cacheFolder)
        #expect(try ImageProcessor.render(fileAt: image, cache: cache) == expected)
        #expect(cache.statistics.hits == 0 && cache.statistics.foreign == 1 && cache.statistics.encodes == 1)
        #expect(!isSymlink(entry) && !isSymlink(entry.deletingLastPathComponent()))
        let attributes = try manager.attributesOfItem(atPath: entry.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect((attributes[.referenceCount] as? NSNumber)?.intValue == 1)
        // Replaced, so the next build hits its own entry again.
        let again = RenditionCache(folder: cacheFolder)
        _ = try ImageProcessor.render(fileAt: image, cache: again)
        #expect(again.statistics.hits == 1 && again.statistics.foreign == 0)
    }

    @Test func entryThatIsASymlinkIsNotRead() throws {
        let (rendition, entry) = try primed()
        try manager.createDirectory(at: outside, withIntermediateDirectories: true)
        let planted = outside.appendingPathComponent("planted.rendition")
        try manager.moveItem(at: entry, to: planted)
        try manager.createSymbolicLink(at: entry, withDestinationURL: planted)
        let before = try Data(contentsOf: planted)

        try expectMissAndReplace(entry, expected: rendition)
        #expect(try Data(contentsOf: planted) == before)
    }

    @Test func shardFolderThatIsASymlinkIsNotReadNorWritten() throws {
        let (rendition, entry) = try primed()
        let shard = entry.deletingLastPathComponent()
        try manager.moveItem(at: shard, to: outside)
        try manager.createSymbolicLink(at: shard, withDestinationURL: outside)
        let before = try manager.contentsOfDirectory(atPath: outside.path)

        try expectMissAndReplace(entry, expected: rendition)
        #expect(try manager.contentsOfDirectory(atPath: outside.path) == before)
        // Pruning and cleaning only ever look inside real shard folders.
        try manager.moveItem(at: shard, to: folder.url.appendingPathComponent("own shard"))
        try manager.createSymbolicLink(at: shard, withDestinationURL: outside)
        let cache = RenditionCache(folder: cacheFolder)
        #expect(cache.prune(unusedFor: -1) == 0)
        cache.removeAll()
        #expect(try manager.contentsOfDirectory(atPath: outside.path) == before)
    }

    @Test func entryThatIsAHardLinkIsNotRead() throws {
        let (rendition, entry) = try primed()
        try manager.createDirectory(at: outside, withIntermediateDirectories: true)
        let twin = outside.appendingPathComponent("twin.rendition")
        try manager.linkItem(at: entry, to: twin)

        try expectMissAndReplace(entry, expected: rendition)
        #expect(manager.fileExists(atPath: twin.path))
    }

    /// The limit catches a FIFO opened for reading (blocked for ever). Under scripts/sanitize the
    /// instrumented suite starts all its tests at once on two cores and its siblings took 12
    /// minutes there, so the bound only stops a hang.
    @Test(.timeLimit(.minutes(ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] == nil ? 1 : 30)))
    func entryThatIsAFIFOIsNotOpenedForReading() throws {
        let (rendition, entry) = try primed()
        try manager.removeItem(at: entry)
        // Read like a file, a FIFO would block the build for ever waiting for a writer.
        #expect(mkfifo(entry.path, 0o600) == 0)

        try expectMissAndReplace(entry, expected: rendition)
    }
}
