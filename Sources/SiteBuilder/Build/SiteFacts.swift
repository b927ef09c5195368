import NoteModel

/// What the whole site is, found once right after Resolve for every later stage: whether it has
/// tag pages and a feed (every template sees both, as `site.hasTags` and `site.hasFeed`), every
/// note's page, and the theme's rendering knowing all that.
struct SiteFacts: Sendable {
    /// Some note has a tag, so the site has `tags.html` and a page per tag.
    let hasTags: Bool
    /// Some note has a `date`.
    let hasDatedNotes: Bool
    /// `base_url` is set and some note is dated: the site has `feed.xml`.
    let hasFeed: Bool
    /// Every published note's page, by note path (Resolve's).
    let pagePaths: [String: String]
    /// The theme ready to render any page of this site.
    let rendering: ThemeRendering

    init(
        graph: LinkGraph, pagePaths: [String: String], configuration: SiteConfiguration,
        rendering: ThemeRendering
    ) {
        hasTags = !graph.tags.tags.isEmpty
        hasDatedNotes = graph.hasDatedNotes
        hasFeed = configuration.baseURL != nil && graph.hasDatedNotes
        self.pagePaths = pagePaths
        self.rendering = rendering.knowing(hasTags: hasTags, hasFeed: hasFeed)
    }

    /// What a page shows of these facts, as a key (every page shows all of them but the page
    /// paths, which reach a page only through its links, in ``ResolvedNote/Resolution``).
    var key: ContentKey { ContentKey(hasTags, hasDatedNotes, hasFeed, rendering.siteTitle) }
}
