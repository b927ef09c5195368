import HTMLText
import NoteHTML
import NoteModel

/// What a popover shows for links to one note: its title and first section, and the sections
/// other notes link to (`[[Note#Heading]]`, `note.md#heading`), by the id the link names.
/// The HTML is the safe writer's (no raw HTML, no `javascript:` links), images as their alt
/// text, embeds as their name, and links relative to the site root (the script re-aims them).
struct LinkPreview: Sendable, Hashable {
    struct Section: Sendable, Hashable {
        var anchor: String
        var title: String?
        /// UTF-8, as the writer made it: it goes into JSON bytes, never through a String.
        var html: [UInt8]
    }

    /// Characters of text a preview shows at most (about a paragraph).
    static let textLimit = 400

    var title: String
    /// UTF-8, as the writer made it.
    var html: [UInt8]
    var sections: [Section]

    init(note: ResolvedNote, anchors: [String], urls: URLStyle) {
        let writer = PreviewWriter(note: note, urls: urls)
        title = note.title
        html = writer.html(note.document.firstSectionPreview(limit: Self.textLimit))
        sections = anchors.compactMap { anchor in
            note.document.sectionPreview(anchor: anchor, limit: Self.textLimit).map {
                Section(anchor: anchor, title: $0.title, html: writer.html($0.document))
            }
        }
    }

    /// `"page":{"t":title,"s":html,"h":{"anchor":[title,html]}}`, one line of a shard (a script
    /// file loaded by its own tag, never inline: its HTML needs no escaping for `<script>`).
    /// Written as bytes, and kept as bytes into the shard's file.
    func json(pagePath: String) -> [UInt8] {
        var entry: [UInt8] = []
        entry.reserveCapacity(pagePath.utf8.count + title.utf8.count + html.count + 32)
        JSONString.append(pagePath, inScript: false, to: &entry)
        entry.append(contentsOf: #":{"t":"#.utf8)
        JSONString.append(title, inScript: false, to: &entry)
        entry.append(contentsOf: #","s":"#.utf8)
        JSONString.append(utf8: html.span, inScript: false, to: &entry)
        if !sections.isEmpty {
            entry.append(contentsOf: #","h":{"#.utf8)
            for (number, section) in sections.enumerated() {
                if number > 0 { entry.append(UInt8(ascii: ",")) }
                JSONString.append(section.anchor, inScript: false, to: &entry)
                entry.append(contentsOf: ":[".utf8)
                JSONString.append(section.title ?? "", inScript: false, to: &entry)
                entry.append(UInt8(ascii: ","))
                JSONString.append(utf8: section.html.span, inScript: false, to: &entry)
                entry.append(UInt8(ascii: "]"))
            }
            entry.append(UInt8(ascii: "}"))
        }
        entry.append(UInt8(ascii: "}"))
        return entry
    }
}

/// The HTML writer set up for previews of one note.
struct PreviewWriter {
    let note: ResolvedNote
    let urls: URLStyle
    /// The folder of the note's page.
    private let folder: String

    /// The page every preview link is written from: the site root.
    private static let rootPage = "index.html"

    init(note: ResolvedNote, urls: URLStyle) {
        self.note = note
        self.urls = urls
        folder = FolderNames.joined(above: note.pagePath)
    }

    func html(_ document: NoteDocument) -> [UInt8] {
        var writer = HTMLWriter(unsafe: false, tagFilter: true) { _, _, alt in
            alt.isEmpty ? "" : "<span class=\"link-preview-image\">\(HTMLText.escaped(alt))</span>"
        }
        writer.linkHook = { note.links.hrefs[$0].map(fromRoot) }
        writer.wikilinkHook = { target, fragment in
            note.links.wikiHrefs[NoteLinks.key(target, fragment)].map(fromRoot)
        }
        writer.tagHook = { tag in urls.href(from: Self.rootPage, to: TagPages.pagePath(for: tag)) }
        writer.embedHook = { link in
            "<span class=\"internal-embed\">\(HTMLText.escaped(link.displayText))</span>"
        }
        return writer.renderUTF8(document)
    }

    /// An href written on the note's page (relative to its folder), made relative to the site
    /// root: the note's folder joined with it, `..` resolved; a folder link (`pretty` URLs) keeps
    /// its `/`. What climbs above the root or names another site is kept as written.
    func fromRoot(_ href: String) -> String {
        // The page's own href is made only here: few previews link inside their page, and making
        // it for each was some three thousand instructions a preview.
        if href.hasPrefix("#") { return urls.href(from: Self.rootPage, to: note.pagePath) + href }
        if folder.isEmpty || href.contains("://") { return href }
        let hash = href.firstIndex(of: "#") ?? href.endIndex
        let path = String(href[..<hash])
        guard let joined = Resolver.normalize(path, under: folder) else { return href }
        let slash = path.hasSuffix("/") ? (joined.isEmpty ? "./" : "/") : ""
        return joined + slash + href[hash...]
    }
}
