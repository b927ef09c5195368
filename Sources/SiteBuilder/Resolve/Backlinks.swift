/// Which notes link to each note, with the paragraph around each link.
struct Backlinks: Sendable {
    struct Entry: Sendable {
        let source: Source
        let context: String
    }

    /// What a backlink shows of the linking note. Not the whole ``ParsedNote``: an entry per link
    /// holding a copy of that struct was a tenth of a large build's memory.
    struct Source: Sendable {
        let path: String
        let title: String
        let pagePath: String
    }

    private let byTarget: [String: [Entry]]

    init(_ notes: [ParsedNote]) {
        var byTarget: [String: [Entry]] = [:]
        for note in notes {
            let source = Source(path: note.path, title: note.title, pagePath: note.pagePath)
            for link in note.links.outgoing {
                byTarget[link.target, default: []].append(Entry(source: source, context: link.context))
            }
        }
        // Stable whatever order the notes were loaded in.
        self.byTarget = byTarget.mapValues { entries in
            entries.sorted(byKey: { TitleOrder(title: $0.source.title, path: $0.source.path) })
        }
    }

    /// The notes linking to the note at `path`.
    func to(_ path: String) -> [Entry] { byTarget[path] ?? [] }

    /// At most about 240 characters, cut at a word.
    static func excerpt(_ text: String, limit: Int = 240) -> String {
        if let ascii = asciiExcerpt(text, limit: limit) { return ascii }
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > limit else { return flat }
        let cut = flat.prefix(limit)
        let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return word + "…"
    }

    /// ``excerpt(_:limit:)`` of ASCII text on its bytes, where each is a character and the line
    /// breaks are LF, VT, FF and CR (CR LF, one character, falls apart between two breaks, which
    /// splitting drops alike); nil for other text. By characters it was thousands of
    /// instructions a link.
    static func asciiExcerpt(_ text: String, limit: Int) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var flat: [UInt8] = []
            flat.reserveCapacity(min(bytes.count, limit + 1))
            var lineStart = true
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if (0x0A...0x0D).contains(byte) {
                    lineStart = true
                    continue
                }
                if lineStart && !flat.isEmpty { flat.append(UInt8(ascii: " ")) }
                lineStart = false
                flat.append(byte)
            }
            guard flat.count > limit else { return String(decoding: flat, as: UTF8.self) }
            let cut = flat[..<limit]
            let word = cut.lastIndex(of: UInt8(ascii: " ")).map { cut[..<$0] } ?? cut
            return String(decoding: word, as: UTF8.self) + "…"
        }
    }
}
