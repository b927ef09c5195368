import Mustache

/// Everything a note's page is made from (with `Site`, what all pages share), so a rebuild in the same process (`notesite serve`)
/// can reuse the page when none of it changed. Notes whose page depends on more than this (embeds
/// of other notes, raw `<img>` tags looked up while writing) are never reused.
struct PageInputs: Sendable, Equatable {
    /// What every page shares: the theme, the settings, and what the site as a whole has.
    struct Site: Sendable, Equatable {
        var configuration: SiteConfiguration
        var siteTitle: String
        var hasTags: Bool
        var hasFeed: Bool
        var templates: [String: String]
        var assets: [String: [UInt8]]
    }

    var pagePath: String
    var notePath: String
    var displayName: String
    var text: String
    var hrefs: [String: String]
    var wikiHrefs: [String: String]
    var images: [ImageTarget]
    var renditions: [ImageRendering.Key: ImageRendering.Outcome]
    /// Linking notes: title, page and the paragraph around the link.
    var backlinks: [[String]]

    /// Nil when the page depends on more than these inputs.
    init?(
        note: ParsedNote, renditions byPath: [String: ImageRendering.Renditions], backlinks: [Backlinks.Entry]
    ) {
        guard note.links.embeds.isEmpty, !note.source.text.lowercased().contains("<img") else { return nil }
        pagePath = note.pagePath
        notePath = note.path
        displayName = note.source.displayName
        text = note.source.text
        hrefs = note.links.hrefs
        wikiHrefs = note.links.wikiHrefs
        images = note.images
        renditions = [:]
        for case .file(let path) in note.images {
            renditions.merge(byPath[path] ?? [:]) { first, _ in first }
        }
        self.backlinks = backlinks.map { [$0.source.title, $0.source.pagePath, $0.context] }
    }
}
