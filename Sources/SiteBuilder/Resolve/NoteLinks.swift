import NoteModel

/// Links between notes, resolved the one way DESIGN.md gives: `[the trip](Trip.md)` and
/// `[[Trip#Food]]` are written against the vault; the page needs `trips/trip.html#food`, relative
/// to where the linking page lands. A link that finds nothing is a warning (an error under
/// `--strict`) and keeps its text visible.
enum NoteLinks {
    /// A link from one note to another, for the other's backlinks.
    struct Outgoing: Sendable, Hashable {
        /// The linked note's vault path.
        var target: String
        /// The paragraph around the link, as plain text cut to about 240 characters
        /// (``Backlinks/excerpt(_:limit:)``); one string shared by the links of a paragraph.
        var context: String
    }

    /// What an embed `![[...]]` that is not an image shows.
    enum Embed: Sendable, Hashable {
        /// Another note, or the part of it a fragment names (`heading` as written; `block`, the
        /// index of the heading or block the part starts at, nil for the whole note).
        case note(path: String, heading: String?, block: Int?)
        /// A published file: a PDF viewer, an audio or video player, or a link.
        case file(path: String, href: String)
    }

    struct Resolved: Sendable, Hashable {
        /// Hrefs for Markdown links, by destination as written.
        var hrefs: [String: String] = [:]
        /// Hrefs for wikilinks, by `key(target, fragment)`.
        var wikiHrefs: [String: String] = [:]
        var embeds: [String: Embed] = [:]
        var outgoing: [Outgoing] = []
        /// Other vault files the note links to (a PDF, a recording), by vault path: published with it.
        var attachments: Set<String> = []
    }

    static func key(_ target: String, _ fragment: String?) -> String { target + "#" + (fragment ?? "") }

    static func resolve(_ note: SourceNote, in site: LinkContext, diagnostics: inout [Diagnostic]) -> Resolved
    {
        var resolver = LinkResolution(note: note, site: site)
        resolver.markdownLinks()
        resolver.authoredLinks()
        resolver.wikilinks()
        resolver.propertyLinks()
        diagnostics += resolver.diagnostics
        return resolver.resolved
    }

    /// Where a linked file that is not a note lands in the site: folders and name slugged like
    /// pages', the extension kept (`Files/Report 2024.PDF` -> `files/report-2024.pdf`).
    static func attachmentPath(for path: String) -> String {
        var components = path.split(separator: "/").map(String.init)
        let file = components.popLast() ?? path
        let dot = file.lastIndex(of: ".").flatMap { $0 == file.startIndex ? nil : $0 }
        let stem = dot.map { String(file[..<$0]) } ?? file
        let ext = dot.map { String(file[$0...]).lowercased() } ?? ""
        return (components.map(Slug.component) + [Slug.component(stem) + ext]).joined(separator: "/")
    }

    /// `guide/images.html` to `reference/cli.html` is `../reference/cli.html`.
    static func relativeURL(from page: String, to target: String) -> String {
        PageLinks(from: page).href(to: target)
    }
}
