import Foundation

/// The client-side search index: a script that sets `window.notesiteSearch`, because pages opened
/// from `file://` cannot `fetch()` a JSON file. Keys are one letter to keep it small:
/// `t` title, `u` URL from the site root, `h` headings, `g` tags, `x` the text.
enum SearchIndex {
    /// Text kept per note: enough for any word of an ordinary note, bounded for huge ones.
    static let textLimit = 20_000

    static func script(for notes: [ParsedNote]) -> Data {
        let entries = notes.sorted { $0.pagePath < $1.pagePath }.map { note -> String in
            let headings = note.document.headings.map { json($0.text) }.joined(separator: ",")
            let tags = note.source.tags.map(json).joined(separator: ",")
            return "{\"t\":\(json(note.title)),\"u\":\(json(note.pagePath)),\"h\":[\(headings)],"
                + "\"g\":[\(tags)],\"x\":\(json(text(of: note)))}"
        }
        return Data("window.notesiteSearch={\"notes\":[\n\(entries.joined(separator: ",\n"))\n]};\n".utf8)
    }

    /// The note's words: paragraphs and headings as plain text, whitespace folded.
    static func text(of note: ParsedNote) -> String {
        var words: [Substring] = []
        var count = 0
        for block in note.document.blocks {
            guard let content = block.content else { continue }
            for word in note.document.plainText(of: content).split(whereSeparator: \.isWhitespace) {
                count += word.count + 1
                if count > textLimit { return words.joined(separator: " ") }
                words.append(word)
            }
        }
        return words.joined(separator: " ")
    }

    /// A JSON string literal; `<` is escaped so the script can never close its own `<script>`.
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
