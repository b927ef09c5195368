import Foundation
import TestSupport
import Testing

@testable import CodeHighlighter

struct HighlightCacheTests {
    static let key = HighlightCache.Key(pygments: "pygments 2.14.0", language: "python", code: "x = 1\n")

    /// A key for each number, every one different in code alone.
    static func key(_ number: Int) -> HighlightCache.Key {
        HighlightCache.Key(pygments: "pygments 2.14.0", language: "python", code: "x = \(number)\n")
    }

    static func pack(_ lines: String...) -> [UInt8] {
        Array(("notesite-highlight \(HighlightCache.formatVersion)\n" + lines.joined()).utf8)
    }

    /// A well-formed entry of `Self.key` (15 + 6 + 6 bytes of key) with a three-byte answer.
    static let entry = "20000 ok 15 6 6 3\npygments 2.14.0pythonx = 1\nabc"

    @Test func readsWhatItSaves() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var cache = HighlightCache(folder: folder)
        let answers: [PygmentsProcess.Answer] = [.html("<span>é ∑ 𝄞\n</span>"), .html(""), .unknown, .failed]
        for (offset, answer) in answers.enumerated() {
            cache.store(answer, for: Self.key(offset))
        }
        #expect(cache.save())
        var reread = HighlightCache(folder: folder)
        for (offset, answer) in answers.enumerated() {
            #expect(reread.lookup(Self.key(offset)) == answer)
        }
        #expect(reread.pack.count == answers.count)
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
        #expect(HighlightCache(folder: folder).pack.count == 0, "a linked pack is not read")
        try manager.removeItem(at: highlight)
        try manager.createSymbolicLink(at: highlight, withDestinationURL: outside)
        var linked = HighlightCache(folder: folder)
        #expect(linked.pack.count == 0, "a pack in a linked folder is not read")
        linked.store(.unknown, for: Self.key(1))
        #expect(linked.save())
        #expect(try manager.contentsOfDirectory(atPath: outside.path) == ["entries.pack"])
        #expect(
            try Data(contentsOf: outside.appendingPathComponent("entries.pack"))
                == Data(contentsOf: cache.url))
        var status = stat()
        #expect(
            lstat(highlight.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR, "a real folder now")
        #expect(HighlightCache(folder: folder).pack.count == 1, "the new pack is read back")
    }

    /// The whole key finds an entry: blocks that differ in any one part, or only in a byte of
    /// their code, never share an answer.
    @Test func onlyTheWholeKeyFindsAnEntry() throws {
        var cache = HighlightCache(folder: URL(fileURLWithPath: "/nonexistent"))
        cache.store(.html("<b>one</b>"), for: Self.key)
        var others = [Self.key, Self.key, Self.key, Self.key]
        others[0].pygments = "pygments 2.15.0"
        others[1].language = "python3"
        others[2].code = "x = 1 \n"
        others[3].code = "x = 1"
        var equivalent = Self.key
        equivalent.code = "x = \"\u{E9}\"\n"
        cache.store(.html("composed"), for: equivalent)
        equivalent.code = "x = \"e\u{301}\"\n"  // the same characters, other bytes
        others.append(equivalent)
        for other in others { #expect(cache.lookup(other) == nil) }
        #expect(cache.lookup(Self.key) == .html("<b>one</b>"))
        // Folded names share one lexer's answer; Chroma's names map to Pygments' lexer.
        let block = CodeHighlighter.Block(language: "Go-HTML-Template", code: "{{ . }}")
        #expect(HighlightCache.key(pygments: "p", block: block).language == "html+django")
    }

    @Test(arguments: [
        "20000 ok 15 6 6 4\npygments 2.14.0pythonx = 1\nabc",  // the answer runs past the end
        "20000 ok 15 6 7 3\npygments 2.14.0pythonx = 1\nabc",  // a text runs into the next
        "2x000 ok 15 6 6 0\npygments 2.14.0pythonx = 1\n",  // a day that is not a number
        "20000 fine 15 6 6 0\npygments 2.14.0pythonx = 1\n",  // an unknown status
        "20000 unknown 15 6 6 3\npygments 2.14.0pythonx = 1\nabc",  // an answer where none belongs
        "20000 ok 15 6 6\npygments 2.14.0pythonx = 1\n",  // a field missing
        "20000 ok 15 6 6 0 0\npygments 2.14.0pythonx = 1\n",  // a field too many
        "20000  ok 15 6 6 0\npygments 2.14.0pythonx = 1\n",  // an empty field
        "20000 ok 15 6 6 0",  // no end of line
    ])
    func damagedPacksAreRejected(entry: String) {
        #expect(HighlightCache.decode(Self.pack(Self.entry, entry)) == nil)
        var good = Self.cache(Self.pack(Self.entry))
        #expect(good.pack.count == 1 && good.lookup(Self.key) == .html("abc"))
    }

    /// A cache whose pack file holds `bytes`.
    static func cache(_ bytes: [UInt8]) -> HighlightCache {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("highlight/entries.pack")
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(bytes).write(to: file)
        return HighlightCache(folder: folder)
    }

    /// An answer that is not UTF-8 misses (a repaired text would be written into a page), while
    /// the pack's other entries still hit.
    @Test func answersThatAreNotUTF8Miss() {
        let other = HighlightCache.Key(pygments: "pygments 2.14.0", language: "python", code: "y\n")
        var bytes = Self.pack(Self.entry, "20000 ok 15 6 2 3\npygments 2.14.0pythony\nabc")
        var cache = Self.cache(bytes)
        #expect(cache.lookup(Self.key) == .html("abc") && cache.lookup(other) == .html("abc"))
        bytes[bytes.count - 2] = 0xFF  // inside the second answer
        cache = Self.cache(bytes)
        #expect(cache.pack.count == 2)
        #expect(cache.lookup(other) == nil)
        #expect(cache.lookup(Self.key) == .html("abc"))
    }

    /// A key written twice keeps its last answer, as one entry.
    @Test func theLastOfEqualKeysWins() {
        var cache = Self.cache(Self.pack(Self.entry, "20001 ok 15 6 6 3\npygments 2.14.0pythonx = 1\nxyz"))
        #expect(cache.pack.count == 1)
        #expect(cache.lookup(Self.key) == .html("xyz"))
    }

    /// Many entries, some with the same code under other lexers (one digest, several entries),
    /// each found with its own answer after saving and reading again.
    @Test func manyEntriesEachFindTheirOwnAnswer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var cache = HighlightCache(folder: folder)
        let keys = (0..<300).map {
            HighlightCache.Key(
                pygments: "p", language: ["go", "python", "rust"][$0 % 3], code: "x = \($0 / 3)\n")
        }
        for (offset, key) in keys.enumerated() { cache.store(.html("<\(offset)>"), for: key) }
        #expect(cache.save())
        var reread = HighlightCache(folder: folder)
        #expect(reread.pack.count == keys.count)
        for (offset, key) in keys.enumerated() { #expect(reread.lookup(key) == .html("<\(offset)>")) }
        #expect(reread.lookup(HighlightCache.Key(pygments: "p", language: "c", code: "x = 0\n")) == nil)
    }

    /// The pack's check of its texts against the library's own: random bytes made of valid and broken
    /// sequences (lone continuation bytes, overlong forms, surrogates, cut-off characters), in slices
    /// that start anywhere.
    @Test func textsAreCheckedAsTheLibraryChecksThem() {
        var random = SeededGenerator(seed: 3)
        let pieces: [[UInt8]] = [
            [0x61], [0x0A], [0x00], [0xC3, 0xA9], [0xE2, 0x80, 0x94], [0xF0, 0x9F, 0x98, 0x80], [0x80],
            [0xBF],
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC3],
            [0xE2, 0x80],
            [0xFF], [0xFE], [0xEF, 0xBF, 0xBD],
        ]
        var invalid = 0
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0..<12, using: &random)).flatMap { _ in
                pieces.randomElement(using: &random) ?? []
            }
            let start = Int.random(in: 0...bytes.count, using: &random)
            let slice = bytes[start...]
            let expected = String(validating: slice, as: UTF8.self)
            if expected == nil { invalid += 1 }
            let found = HighlightCache.string(validating: slice)
            #expect(found.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(Array(slice))")
        }
        #expect(invalid > 1_000)
    }

    @Test func anotherVersionIsRejected() {
        #expect(HighlightCache.decode(Array("notesite-highlight 1\n".utf8)) == nil)
        #expect(HighlightCache.decode(Self.pack())?.count == 0)
    }
}
