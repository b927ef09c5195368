public import NoteModel

/// A front matter text value as Obsidian shows it: plain text, except `[[wikilinks]]` (Markdown in
/// a property is not Markdown). One rule for the reader, which finds the links to resolve, and
/// for the page, which writes the value.
public enum PropertyText {
    public enum Part: Sendable, Hashable {
        case text(Substring)
        /// A wikilink; `written` is its source from `[[` to `]]`.
        case link(WikiLink, written: Substring)
    }

    /// The value cut into text and links. `[[...]]` is a link on one line with no `[` or `]` inside,
    /// as in a note's text; an embed's `!` stays text (a property shows a link, not the embed).
    /// The links have no place: the reader finds where each is written in the front matter.
    public static func parts(_ text: String) -> [Part] {
        // Most values hold no link: one search, no parts made but the whole.
        guard text.utf8.contains(UInt8(ascii: "[")) else { return text.isEmpty ? [] : [.text(text[...])] }
        var parts: [Part] = []
        var textStart = text.startIndex
        var index = text.startIndex
        let utf8 = text.utf8
        while let open = utf8[index...].firstIndex(of: UInt8(ascii: "[")) {
            let afterOpen = utf8.index(after: open)
            guard afterOpen < utf8.endIndex, utf8[afterOpen] == UInt8(ascii: "[") else {
                index = afterOpen
                continue
            }
            let inner = utf8.index(after: afterOpen)
            var end = inner
            while end < utf8.endIndex, !Self.endsInner(utf8[end]) { end = utf8.index(after: end) }
            let close = end < utf8.endIndex ? utf8.index(after: end) : end
            guard end > inner, close < utf8.endIndex, utf8[end] == UInt8(ascii: "]"),
                utf8[close] == UInt8(ascii: "]"),
                var link = WikiLinkParser.parse(
                    String(text[inner..<end]), embed: false, at: SourceLocation(file: "", line: 0, column: 0))
            else {
                index = afterOpen
                continue
            }
            if textStart < open { parts.append(.text(text[textStart..<open])) }
            let after = utf8.index(after: close)
            link.location = nil
            parts.append(.link(link, written: text[open..<after]))
            textStart = after
            index = after
        }
        if textStart < text.endIndex { parts.append(.text(text[textStart...])) }
        return parts
    }

    private static func endsInner(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == Byte.lf || byte == Byte.cr
    }
}
