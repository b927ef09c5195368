import Foundation
import Glibc
import Testing

@testable import SiteBuilder

/// An output that holds only files and folders is updated in place (``StagingWriter``,
/// ``OutputContents``): unchanged files are left alone, and the folder ends up holding exactly the
/// new site, whatever the old one held.
@Suite struct InPlaceUpdateTests {
    /// The inode of every file under `folder`, by its path inside it.
    static func inodes(in folder: URL) throws -> [String: UInt] {
        var found: [String: UInt] = [:]
        let manager = FileManager.default
        for path in manager.subpaths(atPath: folder.path) ?? [] {
            var info = stat()
            guard lstat(folder.path + "/" + path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFREG { found[path] = UInt(info.st_ino) }
        }
        return found
    }

    /// Every file and folder under `folder`: files with their bytes, folders as nil.
    static func tree(_ folder: URL) -> [String: Data?] {
        var found: [String: Data?] = [:]
        for path in FileManager.default.subpaths(atPath: folder.path) ?? [] {
            var info = stat()
            guard lstat(folder.path + "/" + path, &info) == 0 else { continue }
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            found[path] =
                isFolder ? .some(nil) : FileManager.default.contents(atPath: folder.path + "/" + path)
        }
        return found
    }

    /// What `tree` should find for `site`: its files, the folders they need, and the marker.
    static func expected(_ site: SiteFiles) -> [String: Data?] {
        var tree: [String: Data?] = [OutputFolder.marker: Data()]
        for (path, data) in site.files { tree[path] = data }
        for folder in FolderPaths.holding(site.files.keys) { tree[folder] = .some(nil) }
        return tree
    }

    @Test("a rebuild of an unchanged vault leaves every file as it was; an edit replaces only what changed")
    func unchangedFilesKeepTheirInodes() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let place = try StreamedWriteTests.place()
        defer { try? FileManager.default.removeItem(at: place) }
        for index in 0..<30 {
            try vault.write("# Note \(index)\n\nWords.\n", to: "folder-\(index % 3)/note-\(index).md")
        }
        let output = place.appendingPathComponent("site")
        let options = BuildOptions(vault: vault.root, output: output, jobs: 2)
        #expect(await SiteBuild.run(options).wroteOutput)
        let first = try Self.inodes(in: output)
        #expect(await SiteBuild.run(options).wroteOutput)
        #expect(try Self.inodes(in: output) == first, "an unchanged rebuild rewrote files")
        try vault.write("# Note 7\n\nOther words.\n", to: "folder-1/note-7.md")
        #expect(await SiteBuild.run(options).wroteOutput)
        let third = try Self.inodes(in: output)
        #expect(third["folder-1/note-7.html"] != first["folder-1/note-7.html"])
        #expect(third["folder-2/note-8.html"] == first["folder-2/note-8.html"])
        #expect(third.keys.sorted() == first.keys.sorted())
        #expect(try StreamedWriteTests.leftovers(beside: output).isEmpty)
        #expect(
            try String(contentsOf: output.appendingPathComponent("folder-1/note-7.html"), encoding: .utf8)
                .contains(
                    "Other words"))
    }

    /// A random site of a few files over a few folders, where one build's file can be the next
    /// one's folder and the other way round.
    static func randomSite(_ random: inout SplitMix64) -> SiteFiles {
        let names = ["a", "b", "c.html", "d"]
        // One file the same in every site: an update keeps it.
        var site = SiteFiles(files: ["same.html": Data("same".utf8)])
        for _ in 0..<random.next(12) {
            let depth = 1 + random.next(3)
            let path = (0..<depth).map { _ in names[random.next(names.count)] }.joined(separator: "/")
            // No path may be both a file and a folder of the same site.
            let clashes = site.files.keys.contains { $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }
            if !clashes { site.files[path] = Data("\(random.next(3))".utf8) }
        }
        return site
    }

    @Test("random sites in turn: the output holds exactly the last site, updated in place", arguments: 0..<40)
    func randomSitesInTurn(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let place = try StreamedWriteTests.place()
        defer { try? FileManager.default.removeItem(at: place) }
        let output = place.appendingPathComponent("site")
        for round in 0..<4 {
            let site = Self.randomSite(&random)
            let writer = StagingWriter(output: output, jobs: 2)
            #expect((writer.existing != nil) == (round > 0), "round \(round)")
            // Some files go in as Pages writes them, before the rest.
            var rest = site
            for (path, data) in site.files where random.next(2) == 0 {
                writer.write(data, to: path)
                rest.files[path] = nil
                rest.staged.insert(path)
            }
            if round % 2 == 1 {
                // A listing takes a page's place: the page is written first with other bytes.
                writer.write(Data("other".utf8), to: "same.html")
                rest.files["same.html"] = site.files["same.html"]
                rest.staged.remove("same.html")
            }
            try writer.finish(rest, jobs: 2)
            #expect(Self.tree(output) == Self.expected(site), "seed \(seed) round \(round)")
            #expect(try StreamedWriteTests.leftovers(beside: output).isEmpty)
            // What a user or another tool leaves in the output goes with the next update.
            try Data("x".utf8).write(to: output.appendingPathComponent("stray.txt"))
            try FileManager.default.createDirectory(
                at: output.appendingPathComponent("empty/inside"), withIntermediateDirectories: true)
        }
    }

    @Test("an output holding a link is replaced whole, and nothing is written through the link")
    func linksAreNeverFollowed() throws {
        let place = try StreamedWriteTests.place()
        defer { try? FileManager.default.removeItem(at: place) }
        let output = place.appendingPathComponent("site")
        let outside = place.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: outside.appendingPathComponent("page.html"))
        let site = SiteFiles(files: ["docs/page.html": Data("new".utf8), "a.html": Data("secret".utf8)])
        try StagingWriter(output: output, jobs: 1).finish(SiteFiles(files: ["b.html": Data()]), jobs: 1)
        try FileManager.default.createSymbolicLink(
            at: output.appendingPathComponent("docs"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: output.appendingPathComponent("a.html"),
            withDestinationURL: outside.appendingPathComponent("page.html"))
        let writer = StagingWriter(output: output, jobs: 1)
        #expect(writer.existing == nil)
        try writer.finish(site, jobs: 1)
        #expect(Self.tree(output) == Self.expected(site))
        #expect(Self.tree(outside) == ["page.html": Data("secret".utf8)])
    }

    @Test("a file is the same only with the very same bytes")
    func holdsComparesEveryByte() throws {
        let place = try StreamedWriteTests.place()
        defer { try? FileManager.default.removeItem(at: place) }
        let folder = OutputFolder(target: place)
        var random = SplitMix64(seed: 7)
        // Sizes around the compare's block, where a read ends early or one byte late.
        for size in [0, 1, 2, 65_535, 65_536, 65_537, 131_072, 200_001] {
            let bytes = Data((0..<size).map { _ in UInt8(random.next(256)) })
            try bytes.write(to: place.appendingPathComponent("file"))
            // Asked outside `#expect`, whose checks cannot take a span.
            let same = folder.holds("file", exactly: bytes.bytes)
            #expect(same, "size \(size)")
            let longer = folder.holds("file", exactly: (bytes + Data([0])).bytes)
            #expect(!longer, "size \(size)+1")
            if size > 0 {
                let shorter = folder.holds("file", exactly: bytes.dropLast().bytes)
                #expect(!shorter, "size \(size)-1")
                var changed = bytes
                changed[random.next(size)] ^= 1
                let differing = folder.holds("file", exactly: changed.bytes)
                #expect(!differing, "size \(size), one bit")
            }
        }
        let missing = folder.holds("missing", exactly: Data().bytes)
        #expect(!missing)
    }
}
