import HTMLText
import MarkdownReader
import NoteModel

/// A note's front matter properties as Obsidian shows them above the note: each key a label and its
/// value typed (text, number, date, checkbox, list, nested keys), wikilinks as links. Only keys
/// notesite does not read itself: the title, tags, date, aliases and the other settings it reads
/// show where they act (the page's title, its tag list, its date line), never twice. Every value
/// goes through ``HTMLText``: what a note writes in its front matter is text, never markup.
struct PropertiesView {
    /// The note's resolved wikilink hrefs, by ``NoteLinks/key(_:_:)``.
    let hrefs: [String: String]

    /// The `<dl>` of the note's properties; nil when it has none with a value.
    static func html(for note: ParsedNote) -> String? {
        guard let extra = note.document.frontMatter?.extra, !extra.isEmpty else { return nil }
        let view = PropertiesView(hrefs: note.links.wikiHrefs)
        var items = ""
        for entry in extra {
            guard let value = view.value(entry.value, key: entry.key) else { continue }
            let key = entry.key.htmlEscaped
            items += "<div class=\"property property-\(className(entry.key))\" data-property=\"\(key)\""
            items += " data-type=\"\(value.type)\"><dt>\(key)</dt><dd>\(value.html)</dd></div>\n"
        }
        guard !items.isEmpty else { return nil }
        return "<dl class=\"properties\" aria-label=\"Properties\">\n" + items + "</dl>"
    }

    /// A key as a class name: `Due date` is `property-due-date`.
    static func className(_ key: String) -> String {
        String(Slug.component(key).map { $0 == "." ? "-" : $0 })
    }

    /// A value's HTML and its type, as Obsidian names its property types; nil when it is empty.
    func value(_ value: FrontMatterValue, key: String) -> (html: String, type: String)? {
        switch value {
        case .null: return nil
        case .bool(let flag):
            let checked = flag ? " checked" : ""
            return (
                "<input type=\"checkbox\" disabled\(checked) aria-label=\"\(key.htmlEscaped)\">", "checkbox"
            )
        case .int(let number): return (String(number), "number")
        case .double(let number): return (String(number).htmlEscaped, "number")
        case .string(let text):
            guard !text.isEmpty else { return nil }
            if let time = Self.dateTime(text) {
                let type = time.contains(":") ? "datetime" : "date"
                return ("<time datetime=\"\(time.htmlEscaped)\">\(text.htmlEscaped)</time>", type)
            }
            return (self.text(text), "text")
        case .list(let items):
            let shown = items.compactMap { self.value($0, key: key)?.html }
            guard !shown.isEmpty else { return nil }
            return ("<ul>" + shown.map { "<li>\($0)</li>" }.joined() + "</ul>", "list")
        case .mapping(let entries):
            // Nested keys (`source: {title: ..., year: ...}`): shown as they are written, key: value.
            let shown = entries.compactMap { entry -> String? in
                self.value(entry.value, key: entry.key).map {
                    "<div><dt>\(entry.key.htmlEscaped)</dt><dd>\($0.html)</dd></div>"
                }
            }
            guard !shown.isEmpty else { return nil }
            return ("<dl>" + shown.joined() + "</dl>", "object")
        }
    }

    /// Text as Obsidian shows a text property: plain (Markdown is not read) but for wikilinks,
    /// and a web address alone is a link.
    private func text(_ text: String) -> String {
        if Self.isWebAddress(text) {
            return
                "<a class=\"external-link\" href=\"\(text.htmlEscaped)\" rel=\"noopener\">\(text.htmlEscaped)</a>"
        }
        var html = ""
        for part in PropertyText.parts(text) {
            switch part {
            case .text(let plain): html += String(plain).htmlEscaped
            case .link(let link, _):
                let shown = link.displayText.htmlEscaped
                if let href = hrefs[NoteLinks.key(link.target, link.fragment)] {
                    html += "<a href=\"\(href.htmlEscaped)\" class=\"internal-link\">\(shown)</a>"
                } else {
                    html += "<a class=\"internal-link broken-link\">\(shown)</a>"
                }
            }
        }
        return html
    }

    /// `https://...` or `http://...` with nothing else (no spaces): a link to the web.
    static func isWebAddress(_ text: String) -> Bool {
        (text.hasPrefix("https://") || text.hasPrefix("http://")) && text.utf8.count > 8
            && !text.utf8.contains { $0 <= 0x20 || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
    }

    /// The `<time datetime>` of a date as YAML front matter writes one (`2024-01-02`, or with a
    /// time: `2024-01-02T10:30`, `2024-01-02 10:30:00`, `2024-01-02T10:30:00.5+02:00`); nil for
    /// other text.
    static func dateTime(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { (0x30...0x39).contains($0) }
        }
        func byte(_ index: Int, is ascii: Unicode.Scalar) -> Bool {
            index < bytes.count && bytes[index] == UInt8(ascii: ascii)
        }
        guard digits(0..<4), byte(4, is: "-"), digits(5..<7), byte(7, is: "-"), digits(8..<10) else {
            return nil
        }
        if bytes.count == 10 { return text }
        // A time: `T` or a space, `HH:MM`, then `:SS`, a fraction and a zone, each if written.
        guard byte(10, is: "T") || byte(10, is: " "), digits(11..<13), byte(13, is: ":"), digits(14..<16)
        else { return nil }
        var end = 16
        if byte(end, is: ":"), digits((end + 1)..<(end + 3)) {
            end += 3
            if byte(end, is: "."), digits((end + 1)..<(end + 2)) {
                end += 2
                while digits(end..<(end + 1)) { end += 1 }
            }
        }
        if byte(end, is: "Z") {
            end += 1
        } else if byte(end, is: "+") || byte(end, is: "-"), digits((end + 1)..<(end + 3)),
            byte(end + 3, is: ":"),
            digits((end + 4)..<(end + 6))
        {
            end += 6
        }
        guard end == bytes.count else { return nil }
        return String(text.prefix(10)) + "T" + String(text.dropFirst(11))
    }
}
