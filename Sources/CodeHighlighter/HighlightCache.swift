public import Foundation

/// Pygments' answers kept between builds, in one file: `<cache folder>/highlight/entries.pack`,
/// beside the image renditions' shard folders (which `RenditionCache` alone manages). One file,
/// because a warm build looks up thousands of small blocks and one read beats thousands of opens.
///
/// An entry is found by its whole key (Pygments version, lexer name, code), kept in the pack: a
/// digest of the code only finds where to compare, so no two blocks can share an answer. Options
/// such as line numbers are applied afterwards (``CodeLayout``), so they never cause a miss. Each
/// entry keeps the day it was last used; saving drops entries unused for `keepDays` and writes a
/// temporary file renamed into place, so a parallel build never reads half a file.
struct HighlightCache: Sendable {
    static let formatVersion = 2
    let url: URL
    private(set) var pack = HighlightPack()
    private(set) var changed = false
    let today: Int

    /// What an answer depends on: the Pygments version, the lexer name asked for, the code.
    struct Key: Sendable {
        var pygments: String
        var language: String
        var code: String
    }

    init(folder: URL, now: Date = Date()) {
        url = folder.appendingPathComponent("highlight", isDirectory: true).appendingPathComponent(
            "entries.pack")
        today = Int(now.timeIntervalSince1970 / 86_400)
        if let data = CacheFile.read(url) { pack = Self.decode(Array(data)) ?? HighlightPack() }
    }

    static func key(pygments: String, block: CodeHighlighter.Block) -> Key {
        Key(pygments: pygments, language: LanguageNames.pygments(block.language), code: block.code)
    }

    /// The answer kept under `key`, marked used today; nil also for an answer that is not UTF-8.
    mutating func lookup(_ key: Key) -> PygmentsProcess.Answer? {
        lookup(key, digest: Self.digest(key.code))
    }

    /// ``lookup(_:)`` with the digest of the key's code, made already.
    mutating func lookup(_ key: Key, digest: UInt64) -> PygmentsProcess.Answer? {
        guard
            let index = pack.find(
                pygments: key.pygments, language: key.language, code: key.code, digest: digest)
        else { return nil }
        let answer: PygmentsProcess.Answer
        switch pack.entries[index].status {
        case .ok:
            guard let body = pack.body(of: index) else { return nil }
            answer = .html(body)
        case .unknown: answer = .unknown
        case .failed: answer = .failed
        }
        if pack.entries[index].day != today {
            pack.setDay(today, of: index)
            changed = true
        }
        return answer
    }

    mutating func store(_ answer: PygmentsProcess.Answer, for key: Key) {
        let (status, body): (HighlightPack.Status, String) =
            switch answer {
            case .html(let html): (.ok, html)
            case .unknown: (.unknown, "")
            case .failed: (.failed, "")
            }
        pack.append(
            day: today, status: status, texts: [key.pygments, key.language, key.code, body],
            digest: Self.digest(key.code))
        changed = true
    }

    /// The keys of the entries, for tests.
    var keys: [Key] {
        pack.entries.map { entry in
            let text = { (range: Range<Int>) in String(decoding: pack.bytes[range], as: UTF8.self) }
            return Key(pygments: text(entry.pygments), language: text(entry.language), code: text(entry.code))
        }
    }

    static func digest(_ code: String) -> UInt64 { UTF8Key.digest(code.utf8.span) }

    /// Writes the entries used within `keepDays` when anything changed; false when writing failed.
    /// An entry is a line `DAY STATUS` and the byte counts of its four texts, then the texts:
    /// Pygments version, lexer name, code, answer. Entries are in the byte order of their keys.
    @discardableResult
    func save(keepDays: Int = 30) -> Bool {
        let stale = pack.entries.contains { today - $0.day > keepDays }
        guard changed || stale else { return true }
        var bytes = Array("notesite-highlight \(Self.formatVersion)\n".utf8)
        let all = pack.bytes
        let kept = pack.entries.filter { today - $0.day <= keepDays }.sorted {
            all[$0.pygments.lowerBound..<$0.code.upperBound].lexicographicallyPrecedes(
                all[$1.pygments.lowerBound..<$1.code.upperBound])
        }
        for entry in kept {
            let status =
                switch entry.status {
                case .ok: "ok"
                case .unknown: "unknown"
                case .failed: "failed"
                }
            let sizes = [entry.sizes.pygments, entry.sizes.language, entry.sizes.code, entry.sizes.body]
            bytes += "\(entry.day) \(status) \(sizes.map { String($0) }.joined(separator: " "))\n".utf8
            bytes += all[entry.pygments.lowerBound..<entry.end]
        }
        return (try? CacheFile.replace(url, with: Data(bytes))) != nil
    }

    /// nil when the file is not a pack of this version or is damaged in its structure (then it
    /// starts empty). Texts are not decoded here: a key's bytes are compared with a block's, and an
    /// answer is checked when it is used.
    static func decode(_ bytes: [UInt8]) -> HighlightPack? {
        let magic = "notesite-highlight \(formatVersion)\n".utf8
        guard bytes.starts(with: magic) else { return nil }
        var pack = HighlightPack(reading: bytes)
        var reader = PackReader(bytes, at: magic.count)
        while !reader.atEnd {
            guard let entry = reader.entry() else { return nil }
            pack.add(entry)
        }
        return pack
    }

    /// The text of UTF-8 bytes, nil when they are not valid UTF-8. Decoded (repairing) and then
    /// compared with the bytes: the library's ASCII path makes this a copy for nearly all code,
    /// where `String(validating:)` went byte by byte through a slice (half of loading a pack).
    static func string(validating bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return UTF8Key.same(text.utf8.span, bytes.span) ? text : nil
    }
}

extension CodeHighlighter {
    /// Deletes the highlighting cache in a vault's cache folder (`notesite clean --cache`): the
    /// pack and temporary packs, then the `highlight` folder when nothing else is in it.
    public static func removeCache(in cacheFolder: URL) {
        let manager = FileManager.default
        let folder = cacheFolder.appendingPathComponent("highlight", isDirectory: true)
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        where name == "entries.pack" || (name.hasPrefix(".entries.") && name.hasSuffix(".tmp")) {
            try? manager.removeItem(at: folder.appendingPathComponent(name))
        }
        if (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? manager.removeItem(at: folder)
        }
    }
}
