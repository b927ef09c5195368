import Foundation

/// Which parts of notes links name: for each page, the ids after `#` in links to it from any
/// note (itself included). Only these sections get a preview of their own, so a note with fifty
/// headings does not carry fifty previews that no link shows.
enum LinkedAnchors {
    static func find(in notes: [ParsedNote], urls: URLStyle) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for note in notes {
            let writer = PreviewWriter(note: note, urls: urls)
            for href in Array(note.links.hrefs.values) + Array(note.links.wikiHrefs.values) {
                guard let hash = href.firstIndex(of: "#") else { continue }
                let fragment = String(href[href.index(after: hash)...])
                guard !fragment.isEmpty else { continue }
                let page = pagePath(fromRoot: String(writer.fromRoot(href).prefix { $0 != "#" }))
                found[page, default: []].insert(fragment.removingPercentEncoding ?? fragment)
            }
        }
        return found
    }

    /// A page's path from its href relative to the root (`trips/` is `trips/index.html`).
    static func pagePath(fromRoot href: String) -> String {
        let path = href == "." || href == "./" ? "" : href
        return path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path
    }
}
