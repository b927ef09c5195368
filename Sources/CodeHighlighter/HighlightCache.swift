public import Foundation

/// Pygments' answers kept between builds, in one file: `<cache folder>/highlight/entries.pack`,
/// beside the image renditions' shard folders (which `RenditionCache` alone manages). One file,
/// because a warm build looks up thousands of small blocks and one read beats thousands of opens.
///
/// An entry is found by its whole key (Pygments version, lexer name, code), kept in the pack: a
/// warm build compares code, it never digests it, and no two blocks can share an answer. Options
/// such as line numbers are applied afterwards (``CodeLayout``), so they never cause a miss. Each
/// entry keeps the day it was last used; saving drops entries unused for `keepDays` and writes a
/// temporary file renamed into place, so a parallel build never reads half a file.
struct HighlightCache: Sendable {
    static let formatVersion = 2
    let url: URL
    private(set) var entries: [Key: Entry] = [:]
    private(set) var changed = false
    let today: Int

    /// What an answer depends on: the Pygments version, the lexer name asked for, the code.
    struct Key: Hashable, Sendable {
        var pygments: String
        var language: String
        var code: String
    }

    struct Entry {
        var day: Int
        var answer: PygmentsProcess.Answer
    }

    init(folder: URL, now: Date = Date()) {
        url = folder.appendingPathComponent("highlight", isDirectory: true).appendingPathComponent(
            "entries.pack")
        today = Int(now.timeIntervalSince1970 / 86_400)
        if let data = CacheFile.read(url) { entries = Self.decode(Array(data)) ?? [:] }
    }

    static func key(pygments: String, block: CodeHighlighter.Block) -> Key {
        Key(pygments: pygments, language: LanguageNames.pygments(block.language), code: block.code)
    }

    /// The answer kept under `key`, marked used today.
    mutating func lookup(_ key: Key) -> PygmentsProcess.Answer? {
        guard let index = entries.index(forKey: key) else { return nil }
        if entries.values[index].day != today {
            entries.values[index].day = today
            changed = true
        }
        return entries.values[index].answer
    }

    mutating func store(_ answer: PygmentsProcess.Answer, for key: Key) {
        entries[key] = Entry(day: today, answer: answer)
        changed = true
    }

    /// Writes the entries used within `keepDays` when anything changed; false when writing failed.
    /// An entry is a line `DAY STATUS` and the byte counts of its four texts, then the texts:
    /// Pygments version, lexer name, code, answer.
    @discardableResult
    func save(keepDays: Int = 30) -> Bool {
        let stale = entries.values.contains { today - $0.day > keepDays }
        guard changed || stale else { return true }
        var bytes = Array("notesite-highlight \(Self.formatVersion)\n".utf8)
        let kept = entries.filter { today - $0.value.day <= keepDays }.sorted {
            ($0.key.pygments, $0.key.language, $0.key.code) < ($1.key.pygments, $1.key.language, $1.key.code)
        }
        for (key, entry) in kept {
            let (status, body): (String, String) =
                switch entry.answer {
                case .html(let html): ("ok", html)
                case .unknown: ("unknown", "")
                case .failed: ("failed", "")
                }
            let texts = [key.pygments, key.language, key.code, body]
            bytes +=
                "\(entry.day) \(status) \(texts.map { String($0.utf8.count) }.joined(separator: " "))\n".utf8
            for text in texts { bytes += text.utf8 }
        }
        return (try? CacheFile.replace(url, with: Data(bytes))) != nil
    }

    /// nil when the file is not a pack of this version or is damaged anywhere (then it starts empty).
    /// Read on bytes: a warm build decodes thousands of entries before its first lookup.
    static func decode(_ bytes: [UInt8]) -> [Key: Entry]? {
        let magic = "notesite-highlight \(formatVersion)\n".utf8
        guard bytes.starts(with: magic) else { return nil }
        var index = magic.count
        var entries: [Key: Entry] = [:]
        // About one entry per 700 bytes: room made once, not by growing (each growth rehashes all code).
        entries.reserveCapacity(bytes.count / 700)
        var pygments = ""  // one version for most entries: kept once, not once per entry
        while index < bytes.count {
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let fields = Self.fields(bytes[index..<end])
            index = end + 1
            guard fields.count == 6, let day = number(fields[0]) else { return nil }
            var texts: [String] = []
            texts.reserveCapacity(4)
            for field in fields[2...] {
                guard let size = number(field), size <= bytes.count - index,
                    let text = Self.string(validating: bytes[index..<index + size])
                else { return nil }
                texts.append(text)
                index += size
            }
            guard let answer = answer(status: fields[1], body: texts[3]) else { return nil }
            if texts[0] != pygments { pygments = texts[0] }
            entries[Key(pygments: pygments, language: texts[1], code: texts[2])] = Entry(
                day: day, answer: answer)
        }
        return entries
    }

    /// The text of UTF-8 bytes, nil when they are not valid UTF-8. Decoded (repairing) and then
    /// compared with the bytes: the library's ASCII path makes this a copy for nearly all code,
    /// where `String(validating:)` went byte by byte through a slice (half of loading a pack).
    static func string(validating bytes: ArraySlice<UInt8>) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        let same = text.withUTF8 { decoded in
            bytes.withUnsafeBufferPointer { original in
                guard decoded.count == original.count else { return false }
                guard let left = decoded.baseAddress, let right = original.baseAddress else { return true }
                return memcmp(left, right, decoded.count) == 0
            }
        }
        return same ? text : nil
    }

    /// The fields of a line between single spaces (an empty one between two spaces), at most 7.
    private static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var fields: [ArraySlice<UInt8>] = []
        fields.reserveCapacity(7)
        var start = line.startIndex
        for index in line.indices where line[index] == UInt8(ascii: " ") {
            fields.append(line[start..<index])
            start = index + 1
            if fields.count == 6 { break }
        }
        fields.append(line[start...])
        return fields
    }

    /// The answer an entry's status and body make; nil for an unknown status, or a body where
    /// none belongs.
    private static func answer(status: ArraySlice<UInt8>, body: String) -> PygmentsProcess.Answer? {
        if status.elementsEqual("ok".utf8) { return .html(body) }
        guard body.isEmpty else { return nil }
        if status.elementsEqual("unknown".utf8) { return .unknown }
        return status.elementsEqual("failed".utf8) ? .failed : nil
    }

    /// A decimal number of at most 18 digits; nil for anything else.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard (1...18).contains(digits.count) else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
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
