internal import ContentDigest
public import Foundation

/// Pygments' answers kept between builds, in one file: `<cache folder>/highlight/entries.pack`,
/// beside the image renditions' shard folders (which `RenditionCache` alone manages). One file,
/// because a warm build looks up thousands of small blocks and one read beats thousands of opens.
///
/// Keys are SHA-256 of (format version, Pygments version, language, code): options such as line
/// numbers are applied afterwards (``CodeLayout``), so they never cause a miss. Each entry keeps
/// the day it was last used; saving drops entries unused for `keepDays` and writes a temporary
/// file renamed into place, so a parallel build never reads half a file.
struct HighlightCache: Sendable {
    static let formatVersion = 1
    let url: URL
    private(set) var entries: [String: Entry] = [:]
    private(set) var changed = false
    let today: Int

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

    static func key(pygments: String, language: String, code: String) -> String {
        SHA256.hex("notesite-highlight \(formatVersion)\n\(pygments)\n\(language)\n\(code)".utf8)
    }

    /// The answer kept under `key`, marked used today.
    mutating func lookup(_ key: String) -> PygmentsProcess.Answer? {
        guard var entry = entries[key] else { return nil }
        if entry.day != today {
            entry.day = today
            entries[key] = entry
            changed = true
        }
        return entry.answer
    }

    mutating func store(_ answer: PygmentsProcess.Answer, for key: String) {
        entries[key] = Entry(day: today, answer: answer)
        changed = true
    }

    /// Writes the entries used within `keepDays` when anything changed; false when writing failed.
    @discardableResult
    func save(keepDays: Int = 30) -> Bool {
        let stale = entries.values.contains { today - $0.day > keepDays }
        guard changed || stale else { return true }
        var data = Data("notesite-highlight \(Self.formatVersion)\n".utf8)
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) where today - entry.day <= keepDays {
            let (status, body): (String, String) =
                switch entry.answer {
                case .html(let html): ("ok", html)
                case .unknown: ("unknown", "")
                case .failed: ("failed", "")
                }
            let bytes = Data(body.utf8)
            data.append(Data("\(key) \(entry.day) \(status) \(bytes.count)\n".utf8))
            data.append(bytes)
        }
        return (try? CacheFile.replace(url, with: data)) != nil
    }

    /// nil when the file is not a pack of this version or is damaged anywhere (then it starts empty).
    /// Read on bytes: a warm build decodes thousands of entries before its first lookup.
    static func decode(_ bytes: [UInt8]) -> [String: Entry]? {
        let magic = "notesite-highlight \(formatVersion)\n".utf8
        guard bytes.starts(with: magic) else { return nil }
        var index = magic.count
        var entries: [String: Entry] = [:]
        while index < bytes.count {
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let parts = bytes[index..<end].split(
                separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            index = end + 1
            guard parts.count == 4, parts[0].count == 64, let day = number(parts[1]),
                let size = number(parts[3]),
                size <= bytes.count - index
            else { return nil }
            let answer: PygmentsProcess.Answer
            switch String(decoding: parts[2], as: UTF8.self) {
            case "ok": answer = .html(String(decoding: bytes[index..<index + size], as: UTF8.self))
            case "unknown": answer = .unknown
            case "failed": answer = .failed
            default: return nil
            }
            index += size
            entries[String(decoding: parts[0], as: UTF8.self)] = Entry(day: day, answer: answer)
        }
        return entries
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
