import Foundation
import NoteModel

/// Listings: the pages made from many notes (home, folders, tags, the 404 page), the search
/// index, alias redirects, and with `base_url` the feed and sitemap; then the whole site together.
/// A listing page is rendered again only when the values its template is given changed.
struct ListingStage: BuildStage {
    static let name = "listings"

    let configuration: SiteConfiguration
    let theme: Theme
    let rendering: ThemeRendering

    struct Input: Sendable {
        var graph: LinkGraph
        var pages: PageStage.Output
        var files: FileStage.Output
        var explorer: ExplorerStage.Output
    }

    struct Output: StageOutput {
        var site: SiteFiles
        /// Every HTML page but alias redirects, sorted.
        var htmlPages: [String]
        var diagnostics: [Diagnostic]
    }

    func run(_ input: Input, _ context: StageContext) async -> Output {
        let notes = input.graph.notes
        // The search index (on every worker) while the listing pages are made on this task.
        async let search =
            configuration.search
            ? SearchFiles.files(for: notes, jobs: context.jobs, memory: context.memory) : [:]
        var site = SiteFiles(files: input.pages.pages)
        // The listing pages show only these of each note: when none changed, none is made again.
        // What each note shows in listings, keyed per note in `serve`: a save of words alone keeps them all.
        let listed =
            context.memory.map { memory in
                memory.listingPages.value(slot: "", key: listingKey(input, memory: memory)) {
                    listingPages(input, context)
                }
            } ?? listingPages(input, context)
        site.files.merge(listed.files) { _, listing in listing }
        var diagnostics = listed.diagnostics
        site.files.merge(input.files.files) { _, file in file }
        site.files.merge(input.pages.assets) { theme, _ in theme }
        site.files[ExplorerData.assetPath] = input.explorer.script
        site.files.merge(await search) { _, index in index }
        let redirects = AliasRedirects.pages(
            for: notes, taken: { site.files[$0] != nil }, style: configuration.urls, display: context.display,
            memory: context.memory)
        site.files.merge(redirects.pages) { _, redirect in redirect }
        diagnostics += redirects.diagnostics
        let htmlPages = Self.sorted(
            site.files.keys.filter { $0.hasSuffix(".html") && redirects.pages[$0] == nil },
            memory: context.memory)
        if let baseURL = configuration.baseURL {
            site.files["sitemap.xml"] = Sitemap.xml(pages: htmlPages, baseURL: baseURL)
            site.files["feed.xml"] = AtomFeed.xml(
                notes: notes, siteTitle: rendering.siteTitle, baseURL: baseURL, author: configuration.author)
        }
        return Output(site: site, htmlPages: htmlPages, diagnostics: diagnostics)
    }

    /// `pages` sorted; in `serve`, the last build's order while the pages came out the same (most
    /// saves: sorting every page's path again was a visible part of one).
    private static func sorted(_ pages: [String], memory: BuildMemory?) -> [String] {
        guard let memory else { return pages.sorted() }
        return memory.sortedPages.withLock { last in
            // The same pages in another order (the site's dictionary is made anew): looked up, not sorted.
            if let last, last.found.count == pages.count, pages.allSatisfy(last.found.contains) {
                return last.sorted
            }
            let sorted = pages.sorted()
            last = (Set(pages), sorted)
            return sorted
        }
    }

    /// What the listing pages show of every note, with the settings and the explorer's tree.
    private func listingKey(_ input: Input, memory: BuildMemory) -> ContentKey {
        let notes = input.graph.notes
        let last = memory.listedNotes.made()
        let shown = notes.indices.map { index in
            last?.value(for: notes[index].source, at: index, page: notes[index].pagePath)
                ?? ContentKey(ListedNote(notes[index]))
        }
        memory.listedNotes.remember(shown, from: notes.map(\.source), pages: notes.map(\.pagePath))
        return ContentKey(
            ContentKey(combining: shown), theme, configuration, rendering.siteTitle,
            input.graph.hasDatedNotes,
            input.explorer.key ?? ContentKey(input.explorer.tree))
    }

    /// Home, folders, tags and the 404 page, each through the template-values cache.
    private func listingPages(_ input: Input, _ context: StageContext) -> ListingPages {
        let notes = input.graph.notes
        let tags = input.graph.tags
        var listings = rendering.knowing(
            hasTags: !tags.tags.isEmpty, hasFeed: configuration.baseURL != nil && input.graph.hasDatedNotes)
        listings.remembered = context.memory?.listings
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
        context.memory?.listings.keep(only: Set(files.keys))
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

    init(_ note: ParsedNote) {
        path = note.path
        pagePath = note.pagePath
        title = note.title
        date = note.document.frontMatter?.date?.text
        tags = note.source.tags
    }
}
