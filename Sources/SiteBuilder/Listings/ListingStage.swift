import Foundation
import Mustache
import NoteModel

/// Listings: the pages made from many notes (home, folders, tags, the 404 page), the search
/// index, and with `base_url` the feed. A listing page is rendered again only when the values its
/// template is given changed. Alias redirects and the sitemap, which need every other file of the
/// site, are made when it is put together (``SiteAssembly``).
struct ListingStage: BuildStage {
    static let name = "listings"

    let configuration: SiteConfiguration
    let theme: Theme
    let facts: SiteFacts

    struct Input: Sendable {
        var graph: LinkGraph
        var explorer: ExplorerStage.Output
    }

    struct Output: StageOutput {
        /// Home, folders, tags and the 404 page.
        var pages: [String: Data]
        /// The search index and its text shards; none when `search` is off.
        var search: [String: Data]
        /// `feed.xml`, when `base_url` is set and some note is dated.
        var feed: Data?
        var diagnostics: [Diagnostic]
    }

    func run(_ input: Input, _ context: StageContext) async -> Output {
        let notes = input.graph.notes
        // The search index (on every worker) while the listing pages are made on this task.
        async let search =
            configuration.search
            ? SearchFiles.files(for: notes.filter { !$0.source.isProtectedStub }, context: context) : [:]
        // The listing pages show only these of each note: when none changed, none is made again.
        // What each note shows in listings, keyed per note in `serve`: a save of words alone keeps them all.
        let listed = context.value(Self.pages, key: listingKey(input, context)) {
            listingPages(input, context)
        }
        let feed = configuration.baseURL.flatMap { baseURL in
            AtomFeed.xml(
                notes: notes, siteTitle: facts.rendering.siteTitle, baseURL: baseURL,
                author: configuration.author)
        }
        return Output(pages: listed.files, search: await search, feed: feed, diagnostics: listed.diagnostics)
    }

    /// What each note shows in listings (page, title, date, tags), by the note.
    static let listedNotes = KeptPerNote<SourceNote, ContentKey>("listings.notes")
    /// All listing pages together, by what they show of every note.
    static let pages = Kept<ListingPages>("listings.pages")
    /// Each listing page, by the values its template is given.
    static let rendered = Kept<Result<String, TemplateError>>("listings.rendered")

    /// What the listing pages show of every note, with the settings and the explorer's tree.
    private func listingKey(_ input: Input, _ context: StageContext) -> ContentKey {
        let notes = input.graph.notes
        let shown = context.perNote(Self.listedNotes, notes.map(\.source), pages: notes.map(\.pagePath)) {
            ContentKey(ListedNote(notes[$0]))
        }
        // Dates come from git as well as from the note (a commit changes them, not the note).
        return ContentKey(
            ContentKey(combining: shown), notes.map(\.dates), theme, configuration, facts.rendering.siteTitle,
            facts.hasDatedNotes,
            input.explorer.key ?? ContentKey(input.explorer.tree))
    }

    /// Home, folders, tags and the 404 page, each through the template-values cache.
    private func listingPages(_ input: Input, _ context: StageContext) -> ListingPages {
        let notes = input.graph.notes
        let tags = input.graph.tags
        var listings = facts.rendering
        listings.remembered = context.store(Self.rendered)
        var files: [String: Data] = [:]
        do {
            for listing in FolderListing.all(for: notes) {
                let html =
                    listing.name == nil
                    ? try listings.home(
                        listing, allNotes: notes, explorer: input.explorer.view(for: listing.pagePath))
                    : try listings.folder(listing, explorer: input.explorer.view(for: listing.pagePath))
                files[listing.pagePath] = Data(html.utf8)
            }
            if !tags.tags.isEmpty { files["tags.html"] = Data(try listings.tagIndex(tags).utf8) }
            for tag in tags.tags { files[tag.pagePath] = Data(try listings.tag(tag).utf8) }
            files["404.html"] = Data(try listings.notFound().utf8)
        } catch {
            return ListingPages(files: files, diagnostics: [theme.diagnostic(for: error)])
        }
        context.store(Self.rendered)?.keep(only: Set(files.keys))
        return ListingPages(files: files, diagnostics: [])
    }
}

/// The listing pages, made together.
struct ListingPages: Sendable {
    var files: [String: Data]
    var diagnostics: [Diagnostic]
}

/// What listing pages show of a note: where it is, its title, its date and its tags.
private struct ListedNote: Hashable {
    let path: String
    let pagePath: String
    let title: String
    let date: String?
    let tags: [String]

    init(_ note: ResolvedNote) {
        path = note.path
        pagePath = note.pagePath
        title = note.title
        date = note.document.frontMatter?.date?.text
        tags = note.source.tags
    }
}
