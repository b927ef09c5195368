import Foundation

/// The client-side search index: a script that sets `window.notesiteSearch`, because pages opened
/// from `file://` cannot `fetch()` a JSON file. Keys are one letter to keep it small:
/// `t` title, `u` URL from the site root, `h` headings, `g` tags, `x` the text.
enum SearchIndex {
    /// Text kept per note: enough for any word of an ordinary note, bounded for huge ones.
    static let textLimit = 20_000

    static func script(for notes: [ParsedNote], jobs: Int, memory: BuildMemory? = nil) async -> Data {
        let entries = await concurrentMap(notes.sorted { $0.pagePath < $1.pagePath }, limit: jobs) { note in
            guard let memory else { return entry(for: note) }
            return memory.searchEntries.value(
                slot: note.pagePath, key: ContentKey(note.source, note.pagePath)
            ) {
                entry(for: note)
            }
        }
        return Data("window.notesiteSearch={\"notes\":[\n\(entries.joined(separator: ",\n"))\n]};\n".utf8)
    }

    /// One note's entry, as JSON.
    static func entry(for note: ParsedNote) -> String {
        let headings = note.document.headings.map { JSONString.literal($0.text) }.joined(separator: ",")
        let tags = note.source.tags.map(JSONString.literal).joined(separator: ",")
        return
            "{\"t\":\(JSONString.literal(note.title)),\"u\":\(JSONString.literal(note.pagePath)),\"h\":[\(headings)],"
            + "\"g\":[\(tags)],\"x\":\(JSONString.literal(text(of: note)))}"
    }

    /// The note's words: paragraphs and headings as plain text, runs of white space folded to one
    /// space, at most `textLimit` bytes (cut before a word, never inside a character).
    static func text(of note: ParsedNote) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(textLimit, note.source.text.utf8.count))
        var lastWordEnd = 0
        for block in note.document.blocks {
            guard let content = block.content else { continue }
            for byte in note.document.plainText(of: content).utf8 {
                let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
                if isSpace {
                    if let last = bytes.last, last != 0x20 {
                        lastWordEnd = bytes.count
                        bytes.append(0x20)
                    }
                } else {
                    bytes.append(byte)
                }
                if bytes.count > textLimit { return String(decoding: bytes[..<lastWordEnd], as: UTF8.self) }
            }
            if let last = bytes.last, last != 0x20 {
                lastWordEnd = bytes.count
                bytes.append(0x20)
            }
        }
        if bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
