import ContentDigest
import Foundation

/// The entries of a highlight pack, kept as the pack's bytes: an entry is where its four texts
/// (Pygments version, lexer name, code, answer) lie, found by its code's digest. A warm build uses
/// each answer once, so texts become Strings only when looked up, and a key's texts are compared
/// as bytes with the block's own (valid) text, never decoded.
struct HighlightPack: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []
    /// Open addressing by digest: an entry's index plus one, 0 for an empty slot.
    private var slots: [Int32] = []

    enum Status: UInt8, Sendable { case ok, unknown, failed }

    struct Entry: Sendable {
        var day: Int
        var status: Status
        var digest: UInt64
        /// Where the first text starts; the others follow it, in order, with these sizes.
        var start: Int
        var sizes: (pygments: Int32, language: Int32, code: Int32, body: Int32)

        var pygments: Range<Int> { start..<start + Int(sizes.pygments) }
        var language: Range<Int> { pygments.upperBound..<pygments.upperBound + Int(sizes.language) }
        var code: Range<Int> { language.upperBound..<language.upperBound + Int(sizes.code) }
        var body: Range<Int> { code.upperBound..<code.upperBound + Int(sizes.body) }
        var end: Int { body.upperBound }
    }

    var count: Int { entries.count }

    init() {}

    /// An empty pack over `bytes`, to which ``add(_:)`` adds the entries found in them.
    init(reading bytes: [UInt8]) { self.bytes = bytes }

    /// The index of the entry whose key is these texts, with the code's digest.
    func find(pygments: String, language: String, code: String, digest: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        let all = bytes.span
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: digest) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            let entry = entries[index]
            if entry.digest == digest, Self.same(all, entry.code, code.utf8.span),
                Self.same(all, entry.language, language.utf8.span),
                Self.same(all, entry.pygments, pygments.utf8.span)
            {
                return index
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds an entry whose texts are already in `bytes`; it replaces one with the same key.
    mutating func add(_ entry: Entry) {
        if (entries.count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entry.digest) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if entries[index].digest == entry.digest, sameKey(entries[index], entry) {
                entries[index] = entry
                return
            }
            slot = (slot + 1) & mask
        }
        entries.append(entry)
        slots[slot] = Int32(entries.count)
    }

    /// Adds an entry with these texts, appended to `bytes`.
    mutating func append(day: Int, status: Status, texts: [String], digest: UInt64) {
        let start = bytes.count
        for text in texts { bytes += text.utf8 }
        let sizes = texts.map { Int32($0.utf8.count) }
        add(
            Entry(
                day: day, status: status, digest: digest, start: start,
                sizes: (sizes[0], sizes[1], sizes[2], sizes[3])))
    }

    mutating func setDay(_ day: Int, of index: Int) { entries[index].day = day }

    /// The text of an entry's answer; nil when its bytes are not UTF-8 (a damaged entry misses).
    func body(of index: Int) -> String? {
        HighlightCache.string(validating: bytes[entries[index].body])
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: max(16, slots.count * 2))
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.digest) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    private func sameKey(_ one: Entry, _ other: Entry) -> Bool {
        let all = bytes.span
        return Self.same(all, one.code, all.extracting(other.code))
            && Self.same(all, one.language, all.extracting(other.language))
            && Self.same(all, one.pygments, all.extracting(other.pygments))
    }

    /// Whether the bytes at `range` of `all` are `text`'s.
    private static func same(_ all: Span<UInt8>, _ range: Range<Int>, _ text: Span<UInt8>) -> Bool {
        range.count == text.count && UTF8Key.same(all.extracting(range), text)
    }
}
