import Foundation
import ImagePipeline
import Testing

/// The rendition cache: a second run encodes nothing, renames are free, damage is rebuilt.
@Suite struct CacheTests {
    let folder: TemporaryFolder
    let images: [String]

    init() throws {
        folder = try TemporaryFolder()
        images = [folder.path("a.jpg"), folder.path("b.png"), folder.path("c.png")]
        try TestImage.writeQuadrants(to: images[0] + "[Q=90]", width: 1600, height: 1200)
        try TestImage.writePhoto(to: images[1], width: 300, height: 200)
        try TestImage.writeScreenshot(to: images[2], width: 300, height: 200)
    }

    var cacheFolder: URL { folder.url.appendingPathComponent(".notesite-cache") }

    func renderAll(_ cache: RenditionCache, settings: ImageSettings = .init()) throws -> [ImageRendition] {
        try images.map { try ImageProcessor.render(fileAt: $0, settings: settings, cache: cache) }
    }

    func entries() throws -> [URL] {
        let files = FileManager.default.enumerator(at: cacheFolder, includingPropertiesForKeys: nil)
        return (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "rendition" }
    }

    @Test func secondRunEncodesNothing() throws {
        let first = RenditionCache(folder: cacheFolder)
        let fresh = try renderAll(first)
        #expect(first.statistics.encodes == 3 && first.statistics.hits == 0)
        #expect(try entries().count == 3)

        let second = RenditionCache(folder: cacheFolder)
        let cached = try renderAll(second)
        #expect(second.statistics.encodes == 0 && second.statistics.hits == 3)
        #expect(cached == fresh)
    }

    @Test func renameAndCopiesCostNothing() throws {
        let cache = RenditionCache(folder: cacheFolder)
        let original = try ImageProcessor.render(fileAt: images[0], cache: cache)
        let moved = folder.path("renamed photo.jpg")
        try FileManager.default.moveItem(atPath: images[0], toPath: moved)
        try FileManager.default.copyItem(atPath: moved, toPath: folder.path("copy.jpg"))
        #expect(try ImageProcessor.render(fileAt: moved, cache: cache) == original)
        #expect(try ImageProcessor.render(fileAt: folder.path("copy.jpg"), cache: cache) == original)
        #expect(cache.statistics.encodes == 1 && cache.statistics.hits == 2)
    }

    @Test func changedBytesOrSettingsMiss() throws {
        let cache = RenditionCache(folder: cacheFolder)
        _ = try renderAll(cache)
        _ = try renderAll(cache, settings: ImageSettings(format: .jpeg))
        _ = try renderAll(cache, settings: ImageSettings(size: .width(100)))
        #expect(cache.statistics.encodes == 9 && cache.statistics.hits == 0)
        try TestImage.writePhoto(to: images[1], width: 301, height: 200)
        _ = try renderAll(cache)
        #expect(cache.statistics.encodes == 10 && cache.statistics.hits == 2)
    }

    enum Damage: CaseIterable { case truncated, garbledPayload, garbledHeader, empty }

    @Test(arguments: Damage.allCases)
    func damagedEntryIsRebuiltNotServed(_ damage: Damage) throws {
        let fresh = try renderAll(RenditionCache(folder: cacheFolder))
        for entry in try entries() {
            var bytes = [UInt8](try Data(contentsOf: entry))
            switch damage {
            case .truncated: bytes.removeLast(bytes.count / 3)
            case .garbledPayload: bytes[bytes.count - 10] ^= 0x40
            case .garbledHeader: bytes[22] ^= 0x01
            case .empty: bytes = []
            }
            try Data(bytes).write(to: entry)
        }
        let cache = RenditionCache(folder: cacheFolder)
        #expect(try renderAll(cache) == fresh)
        #expect(cache.statistics.damaged == 3 && cache.statistics.encodes == 3 && cache.statistics.hits == 0)
        // Rebuilt entries are good again.
        let again = RenditionCache(folder: cacheFolder)
        #expect(try renderAll(again) == fresh)
        #expect(again.statistics.hits == 3)
    }

    @Test func pruneDropsOnlyUnusedEntries() throws {
        _ = try renderAll(RenditionCache(folder: cacheFolder))
        let old = Date().addingTimeInterval(-40 * 86_400)
        for entry in try entries() {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: entry.path)
        }
        // A hit touches its entry, so the image still in use survives.
        let cache = RenditionCache(folder: cacheFolder)
        _ = try ImageProcessor.render(fileAt: images[0], cache: cache)
        #expect(cache.prune(unusedFor: 30 * 86_400) == 2)
        #expect(try entries().count == 1)
        #expect(cache.prune(unusedFor: 30 * 86_400) == 0)
    }

    @Test func removeAllLeavesNothingButForeignFiles() throws {
        let cache = RenditionCache(folder: cacheFolder)
        _ = try renderAll(cache)
        cache.removeAll()
        #expect(!FileManager.default.fileExists(atPath: cacheFolder.path))

        // A folder set by mistake keeps what notesite did not write.
        _ = try renderAll(cache)
        let precious = cacheFolder.appendingPathComponent("notes.md")
        try Data("mine".utf8).write(to: precious)
        cache.removeAll()
        #expect(try entries().isEmpty)
        #expect(FileManager.default.fileExists(atPath: precious.path))
    }

    @Test func parallelRendersShareOneCache() async throws {
        let cache = RenditionCache(folder: cacheFolder)
        let expected = try renderAll(RenditionCache(folder: folder.url.appendingPathComponent("other")))
        let images = self.images
        let results = try await withThrowingTaskGroup(of: (Int, ImageRendition).self) { group in
            for round in 0..<8 {
                let index = round % images.count
                group.addTask { (index, try ImageProcessor.render(fileAt: images[index], cache: cache)) }
            }
            var results: [(Int, ImageRendition)] = []
            for try await result in group { results.append(result) }
            return results
        }
        for (index, rendition) in results { #expect(rendition == expected[index]) }
        #expect(cache.statistics.hits + cache.statistics.encodes == 8)
        #expect(cache.statistics.writeFailures == 0)
        #expect(try entries().count == 3)
    }
}
