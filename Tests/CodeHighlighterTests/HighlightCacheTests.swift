import Foundation
import Testing

@testable import CodeHighlighter

struct HighlightCacheTests {
    static let key = String(repeating: "c", count: 64)

    static func pack(_ lines: String...) -> [UInt8] {
        Array(("notesite-highlight \(HighlightCache.formatVersion)\n" + lines.joined()).utf8)
    }

    @Test func readsWhatItSaves() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var cache = HighlightCache(folder: folder)
        let answers: [PygmentsProcess.Answer] = [.html("<span>é ∑ 𝄞\n</span>"), .html(""), .unknown, .failed]
        for (offset, answer) in answers.enumerated() {
            cache.store(answer, for: String(repeating: "\(offset)", count: 64))
        }
        #expect(cache.save())
        var reread = HighlightCache(folder: folder)
        for (offset, answer) in answers.enumerated() {
            #expect(reread.lookup(String(repeating: "\(offset)", count: 64)) == answer)
        }
        #expect(reread.entries.count == answers.count)
    }

    /// A link at the pack or at its folder could lead out of the vault: neither is read through,
    /// and saving replaces a linked folder by a real one instead of writing where it leads.
    @Test func linksAreNeitherReadNorWrittenThrough() throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("hc-\(UUID().uuidString)")
        let outside = manager.temporaryDirectory.appendingPathComponent("hc-outside-\(UUID().uuidString)")
        defer {
            try? manager.removeItem(at: folder)
            try? manager.removeItem(at: outside)
        }
        // A valid pack, made where it may be, then copied outside.
        let made = manager.temporaryDirectory.appendingPathComponent("hc-made-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: made) }
        var cache = HighlightCache(folder: made)
        cache.store(.html("<b>planted</b>"), for: Self.key)
        #expect(cache.save())
        try manager.createDirectory(at: outside, withIntermediateDirectories: true)
        try manager.copyItem(at: cache.url, to: outside.appendingPathComponent("entries.pack"))
        let highlight = folder.appendingPathComponent("highlight")
        try manager.createDirectory(at: highlight, withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            at: highlight.appendingPathComponent("entries.pack"),
            withDestinationURL: outside.appendingPathComponent("entries.pack"))
        #expect(HighlightCache(folder: folder).entries.isEmpty, "a linked pack is not read")
        try manager.removeItem(at: highlight)
        try manager.createSymbolicLink(at: highlight, withDestinationURL: outside)
        var linked = HighlightCache(folder: folder)
        #expect(linked.entries.isEmpty, "a pack in a linked folder is not read")
        linked.store(.unknown, for: String(repeating: "d", count: 64))
        #expect(linked.save())
        #expect(try manager.contentsOfDirectory(atPath: outside.path) == ["entries.pack"])
        #expect(
            try Data(contentsOf: outside.appendingPathComponent("entries.pack"))
                == Data(contentsOf: cache.url))
        var status = stat()
        #expect(
            lstat(highlight.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR, "a real folder now")
        #expect(HighlightCache(folder: folder).entries.count == 1, "the new pack is read back")
    }

    @Test(arguments: [
        "\(key) 20000 ok 4\nabc",  // the body runs past the end
        "\(key.dropLast()) 20000 ok 0\n",  // a short key
        "\(key) 2x000 ok 0\n",  // a day that is not a number
        "\(key) 20000 fine 0\n",  // an unknown status
        "\(key) 20000 ok\n",  // a field missing
        "\(key) 20000 ok 0 0\n",  // a field too many
        "\(key)  20000 ok 0\n",  // an empty field
        "\(key) 20000 ok 0",  // no end of line
    ])
    func damagedPacksAreRejected(entry: String) {
        #expect(HighlightCache.decode(Self.pack("\(Self.key) 20000 ok 3\nabc", entry)) == nil)
        #expect(HighlightCache.decode(Self.pack("\(Self.key) 20000 ok 3\nabc"))?.count == 1)
    }

    @Test func anotherVersionIsRejected() {
        #expect(HighlightCache.decode(Array("notesite-highlight 0\n".utf8)) == nil)
        #expect(HighlightCache.decode(Self.pack())?.isEmpty == true)
    }
}
