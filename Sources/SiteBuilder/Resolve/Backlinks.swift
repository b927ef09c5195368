/// Which notes link to each note, with the paragraph around each link.
struct Backlinks: Sendable {
    struct Entry: Sendable, Hashable {
        let source: Source
        let context: String
    }

    /// What a backlink shows of the linking note. Not the whole ``ResolvedNote``: an entry per link
    /// holding a copy of that struct was a tenth of a large build's memory.
    struct Source: Sendable, Hashable {
        let path: String
        let title: String
        let pagePath: String
    }

    private let byTarget: [String: [Entry]]

    init(_ notes: [ResolvedNote]) {
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
        if let excerpt = byteExcerpt(text, limit: limit) { return excerpt }
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > limit else { return flat }
        let cut = flat.prefix(limit)
        let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return word + "…"
    }

    /// ``excerpt(_:limit:)`` on the text's bytes, while each scalar is a Character of its own
    /// (``PreviewText/isSeparate(_:)``; a CR joins only a LF, both line breaks): the line breaks
    /// are then LF, VT, FF, CR, NEL, LS and PS (CR LF, one character, falls apart between two
    /// breaks, which splitting drops alike) and the excerpt's characters are its scalars. Read
    /// only until a character past the limit (none of those joins the one before); nil for other
    /// text. By characters it was thousands of instructions a link, a hundred thousand for a
    /// long paragraph beyond ASCII.
    static func byteExcerpt(_ text: String, limit: Int) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var flat: [UInt8] = []
            flat.reserveCapacity(min(bytes.count, limit + 1))
            var characters = 0
            // Where the character numbered `limit` (from 0) starts in `flat`, once there is one.
            var cut: Int?
            var lineStart = true
            var index = 0
            while index < bytes.count, cut == nil || characters <= limit {
                let lead = bytes[index]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                guard length < 4, index + length <= bytes.count else { return nil }
                let scalar: UInt32
                switch length {
                case 1: scalar = UInt32(lead)
                case 2: scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                default:
                    scalar =
                        UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                        | UInt32(bytes[index + 2] & 0x3F)
                }
                guard length == 1 || PreviewText.isSeparate(scalar) else { return nil }
                let start = index
                index += length
                if (0x0A...0x0D).contains(scalar) || scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029 {
                    lineStart = true
                    continue
                }
                if lineStart && !flat.isEmpty {
                    if characters == limit { cut = flat.count }
                    flat.append(UInt8(ascii: " "))
                    characters += 1
                }
                lineStart = false
                if characters == limit { cut = flat.count }
                // Byte by byte: appending a slice of one to four bytes was a call each.
                for offset in start..<index { flat.append(bytes[offset]) }
                characters += 1
            }
            guard characters > limit, let cut else { return String(decoding: flat, as: UTF8.self) }
            let head = flat[..<cut]
            let word = head.lastIndex(of: UInt8(ascii: " ")).map { head[..<$0] } ?? head
            return String(decoding: word, as: UTF8.self) + "…"
        }
    }
}
