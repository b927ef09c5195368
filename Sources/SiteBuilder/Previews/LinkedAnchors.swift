import Foundation

/// Which parts of notes links name: for each page, the ids after `#` in links to it from any
/// note (itself included). Only these sections get a preview of their own, so a note with fifty
/// headings does not carry fifty previews that no link shows.
enum LinkedAnchors {
    /// For each page, the fragments the notes' links name (`linked[i]`: note `i`'s links).
    static func byPage(_ linked: [[Anchor]]) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for anchor in linked.joined() { found[anchor.page, default: []].insert(anchor.fragment) }
        return found
    }

    /// The (page, fragment) pairs of one note's links that name a section.
    static func anchors(in note: ResolvedNote, _ urls: URLStyle) -> [Anchor] {
        let hrefs = Array(note.links.hrefs.values) + Array(note.links.wikiHrefs.values)
        guard hrefs.contains(where: { $0.contains("#") }) else { return [] }
        let writer = PreviewWriter(note: note, urls: urls)
        return hrefs.compactMap { href in
            guard let hash = href.firstIndex(of: "#") else { return nil }
            let fragment = String(href[href.index(after: hash)...])
            guard !fragment.isEmpty else { return nil }
            let page = pagePath(fromRoot: String(writer.fromRoot(href).prefix { $0 != "#" }))
            return Anchor(page: page, fragment: fragment.removingPercentEncoding ?? fragment)
        }
    }

    struct Anchor: Sendable {
        let page: String
        let fragment: String
    }

    /// A page's path from its href relative to the root (`trips/` is `trips/index.html`).
    static func pagePath(fromRoot href: String) -> String {
        let path = href == "." || href == "./" ? "" : href
        return path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path
    }
}
