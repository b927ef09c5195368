import Foundation
import GraphLayout
import Testing

@testable import SiteBuilder

/// The graph's layout kept in the vault's cache between builds: read back only for the very same
/// layout, never a stale or damaged one.
@Suite struct GraphLayoutCacheTests {
    static func layoutFile(_ vault: TestVault) -> URL {
        vault.root.appendingPathComponent(".notesite-cache/graph/layout.bin")
    }

    /// Enough linked notes for the layout to be kept (``GraphLayoutCache/minimumNodes``).
    static let count = GraphLayoutCache.minimumNodes + 4

    static func build(_ extra: [String: String] = [:]) async throws -> TestVault {
        var notes = (0..<count).reduce(into: [String: String]()) { notes, index in
            notes["n\(index).md"] =
                "# N\(index)\n\n[[n\((index * 7 + 3) % count)]] [[n\((index + 1) % count)]]\n"
        }
        notes.merge(extra) { _, new in new }
        let vault = try TestVault()
        for (path, text) in notes { try vault.write(text, to: path) }
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        return vault
    }

    @Test func aSecondBuildReadsTheLayoutTheFirstKept() async throws {
        let vault = try await Self.build()
        defer { vault.remove() }
        let first = try vault.read("_site/assets/graph-data.js")
        let file = Self.layoutFile(vault)
        #expect(FileManager.default.fileExists(atPath: file.path))
        // The kept positions are what the next build shows: put others in their place.
        var kept = try Data(contentsOf: file)
        let header = kept.count - 16 * Self.count
        let planted = (0..<2 * Self.count).map { Int64($0 * 1_000 + 7).littleEndian }
        planted.withUnsafeBytes { kept.replaceSubrange(header..., with: $0) }
        try kept.write(to: file)
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        let graph = try GraphSiteTests.graphFile(try vault.read("_site/assets/graph-data.js"))
        #expect(graph.x + graph.y == (0..<2 * Self.count).map { $0 * 1_000 + 7 })
        // A new link is another layout: made again, the same as without any cache.
        try vault.write("# N0\n\nNow linked to [[n5]] only.\n", to: "n0.md")
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        let relinked = try vault.read("_site/assets/graph-data.js")
        #expect(relinked != first)
        try FileManager.default.removeItem(at: file)
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(try vault.read("_site/assets/graph-data.js") == relinked)
    }

    @Test(arguments: ["truncated", "empty", "other version", "longer"])
    func aDamagedFileIsMadeAgain(damage: String) async throws {
        let vault = try await Self.build()
        defer { vault.remove() }
        let first = try vault.read("_site/assets/graph-data.js")
        let file = Self.layoutFile(vault)
        var kept = try Data(contentsOf: file)
        switch damage {
        case "truncated": kept.removeLast(3)
        case "empty": kept = Data()
        case "other version":
            kept = Data(
                String(decoding: kept, as: UTF8.self).replacingOccurrences(
                    of: "notesite-graph 1", with: "notesite-graph 0"
                ).utf8)
        default: kept.append(0)
        }
        try kept.write(to: file)
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(try vault.read("_site/assets/graph-data.js") == first)
    }

    @Test func linksInTheCacheAreNeitherReadNorWrittenThrough() async throws {
        let vault = try await Self.build()
        defer { vault.remove() }
        let laidOut = try vault.read("_site/assets/graph-data.js")
        let file = Self.layoutFile(vault)
        // A valid file with other positions, outside the vault.
        var kept = try Data(contentsOf: file)
        let header = kept.count - 16 * Self.count
        let planted = (0..<2 * Self.count).map { Int64($0 + 1).littleEndian }
        planted.withUnsafeBytes { kept.replaceSubrange(header..., with: $0) }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-outside-\(UUID())")
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try kept.write(to: outside.appendingPathComponent("layout.bin"))
        let manager = FileManager.default
        // The file as a link: not read.
        try manager.removeItem(at: file)
        try manager.createSymbolicLink(
            at: file, withDestinationURL: outside.appendingPathComponent("layout.bin"))
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(try vault.read("_site/assets/graph-data.js") == laidOut)
        // The folder as a link: not read, and the new layout is written inside the cache, not there.
        let folder = file.deletingLastPathComponent()
        try manager.removeItem(at: folder)
        try manager.createSymbolicLink(at: folder, withDestinationURL: outside)
        try vault.write("# N0\n\nNow linked to [[n5]] only.\n", to: "n0.md")
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(try vault.read("_site/assets/graph-data.js") != laidOut)
        #expect(try manager.contentsOfDirectory(atPath: outside.path) == ["layout.bin"])
        #expect(try Data(contentsOf: outside.appendingPathComponent("layout.bin")) == kept)
        var status = stat()
        #expect(lstat(folder.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR, "a real folder now")
        #expect(manager.fileExists(atPath: file.path))
    }

    @Test func theKeyChangesWithEveryInputOfTheLayout() {
        let base = GraphLayout(nodeCount: 5, links: [(0, 1), (1, 2), (3, 4)])
        var variants: [GraphLayout] = []
        variants.append(GraphLayout(nodeCount: 6, links: [(0, 1), (1, 2), (3, 4)]))
        variants.append(GraphLayout(nodeCount: 5, links: [(0, 1), (1, 3), (3, 4)]))
        variants.append(GraphLayout(nodeCount: 5, links: [(0, 1), (1, 2)]))
        var seeded = base
        seeded.seed += 1
        variants.append(seeded)
        var longer = base
        longer.iterations += 1
        variants.append(longer)
        let header = GraphLayoutCache.header(for: base)
        #expect(
            GraphLayoutCache.header(for: GraphLayout(nodeCount: 5, links: [(4, 3), (2, 1), (1, 0)])) == header
        )
        for variant in variants { #expect(GraphLayoutCache.header(for: variant) != header) }
    }

    @Test func cleaningTheCacheRemovesTheLayout() async throws {
        let vault = try await Self.build()
        defer { vault.remove() }
        #expect(FileManager.default.fileExists(atPath: Self.layoutFile(vault).path))
        #expect(CacheCleaning.removeCache(vault: vault.root) != nil)
        #expect(!vault.exists(".notesite-cache"), "nothing else was in it")
    }

    @Test func noCacheSettingOrASmallGraphKeepsNothing() async throws {
        let vault = try await Self.build(["notesite.yml": "cache: false\n"])
        defer { vault.remove() }
        #expect(!vault.exists(".notesite-cache"))
        let (small, _) = try await GraphSiteTests.build()
        defer { small.remove() }
        #expect(!small.exists(".notesite-cache"))
    }
}
