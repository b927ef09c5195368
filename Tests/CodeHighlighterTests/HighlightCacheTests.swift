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
