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
    /// Written as bytes, each value escaped into them: made per note page, it must cost next to
    /// nothing beside the page (strings joined per value were 2% of a build).
    private(set) var html: [UInt8] = []

    init(hrefs: [String: String]) {
        self.hrefs = hrefs
    }

    /// The `<dl>` of the note's properties; nil when it has none with a value.
    static func html(for note: ResolvedNote, label: String = InterfaceStrings.english["properties"])
        -> String?
    {
        guard let all = note.document.frontMatter?.extra else { return nil }
        // A `created` or `updated` date is the page's date line (``NoteDates``), not a property.
        let extra = all.filter { entry in
            guard entry.key == "created" || entry.key == "updated", case .string(let text) = entry.value
            else { return true }
            return ISODate.parse(text) == nil
        }
        guard extra.contains(where: { isShown($0.value) }) else { return nil }
        var view = PropertiesView(hrefs: note.links.wikiHrefs)
        view.html.reserveCapacity(160 * extra.count)
        view.append("<dl class=\"properties\" aria-label=\"")
        view.escaped(label)
        view.append("\">\n")
        for entry in extra where isShown(entry.value) {
            view.append("<div class=\"property property-")
            view.html += className(entry.key).utf8
            view.append("\" data-property=\"")
            view.escaped(entry.key)
            view.append("\" data-type=\"")
            view.append(type(of: entry.value))
            view.append("\"><dt>")
            view.escaped(entry.key)
            view.append("</dt><dd>")
            view.value(entry.value, key: entry.key)
            view.append("</dd></div>\n")
        }
        view.append("</dl>")
        return String(decoding: view.html, as: UTF8.self)
    }

    /// A key as a class name: `Due date` is `property-due-date`.
    static func className(_ key: String) -> String {
        let slug = Slug.component(key)
        return slug.utf8.contains(UInt8(ascii: ".")) ? String(slug.map { $0 == "." ? "-" : $0 }) : slug
    }

    /// Whether a value shows anything: null, empty text and lists or keys of only those do not.
    static func isShown(_ value: FrontMatterValue) -> Bool {
        switch value {
        case .null: false
        case .string(let text): !text.isEmpty
        case .bool, .int, .double: true
        case .list(let items): items.contains(where: isShown)
        case .mapping(let entries): entries.contains { isShown($0.value) }
        }
    }

    /// The value's type, as Obsidian names its property types (`object` for nested keys).
    static func type(of value: FrontMatterValue) -> String {
        switch value {
        case .null, .string: break
        case .bool: return "checkbox"
        case .int, .double: return "number"
        case .list: return "list"
        case .mapping: return "object"
        }
        guard case .string(let text) = value, let time = dateTime(text) else { return "text" }
        return time.utf8.contains(UInt8(ascii: ":")) ? "datetime" : "date"
    }

    /// Writes a shown value: text, a number, a date, a checkbox, a list or nested keys.
    private mutating func value(_ value: FrontMatterValue, key: String) {
        switch value {
        case .null: break
        case .bool(let flag):
            append(
                flag
                    ? "<input type=\"checkbox\" disabled checked aria-label=\""
                    : "<input type=\"checkbox\" disabled aria-label=\"")
            escaped(key)
            append("\">")
        case .int(let number): html += String(number).utf8
        case .double(let number): html += String(number).utf8
        case .string(let text):
            if let time = Self.dateTime(text) {
                append("<time datetime=\"")
                escaped(time)
                append("\">")
                escaped(text)
                append("</time>")
            } else {
                self.text(text)
            }
        case .list(let items):
            append("<ul>")
            for item in items where Self.isShown(item) {
                append("<li>")
                self.value(item, key: key)
                append("</li>")
            }
            append("</ul>")
        case .mapping(let entries):
            // Nested keys (`source: {title: ..., year: ...}`): shown as they are written, key: value.
            append("<dl>")
            for entry in entries where Self.isShown(entry.value) {
                append("<div><dt>")
                escaped(entry.key)
                append("</dt><dd>")
                self.value(entry.value, key: entry.key)
                append("</dd></div>")
            }
            append("</dl>")
        }
    }

    /// Text as Obsidian shows a text property: plain (Markdown is not read) but for wikilinks,
    /// and a web address alone is a link.
    private mutating func text(_ text: String) {
        if Self.isWebAddress(text) {
            append("<a class=\"external-link\" href=\"")
            escaped(text)
            append("\" rel=\"noopener\">")
            escaped(text)
            append("</a>")
            return
        }
        for part in PropertyText.parts(text) {
            switch part {
            case .text(let plain): escaped(plain)
            case .link(let link, _):
                if let href = hrefs[NoteLinks.key(link.target, link.fragment)] {
                    append("<a href=\"")
                    escaped(href)
                    append("\" class=\"internal-link\">")
                } else {
                    append("<a class=\"internal-link broken-link\">")
                }
                escaped(link.displayText)
                append("</a>")
            }
        }
    }

    private mutating func append(_ text: String) {
        html.append(contentsOf: text.utf8)
    }

    private mutating func escaped(_ text: some StringProtocol) {
        HTMLText.appendEscaped(text.utf8, to: &html)
    }

    /// `https://...` or `http://...` with nothing else (no spaces): a link to the web.
    static func isWebAddress(_ text: String) -> Bool {
        (text.hasPrefix("https://") || text.hasPrefix("http://")) && text.utf8.count > 8
            && !text.utf8.contains { $0 <= 0x20 || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
    }

    /// The `<time datetime>` of a date as front matter writes one (`2024-01-02`, or with a time:
    /// `2024-01-02T10:30`, `2024-01-02 10:30:00`, `2024-01-02T10:30:00.5+02:00`), read as the
    /// page's `date` is (``ISODate``); nil for other text.
    static func dateTime(_ text: String) -> String? {
        // Most text is not a date: told from its first byte and length, before it is read.
        guard let first = text.utf8.first, (0x30...0x39).contains(first), (10...40).contains(text.utf8.count)
        else { return nil }
        return ISODate.htmlDateTime(text)
    }
}
