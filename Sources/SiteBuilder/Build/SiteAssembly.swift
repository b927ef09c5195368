import Foundation
import NoteModel

/// The build's last step before Write: the site put together from what the stages made, in one
/// place. Where two stages make a file at one path, the later in this order keeps it: note pages,
/// listing pages, files (renditions, theme assets, attachments), the graph's files, the pages'
/// scripts (which give way to anything before them), the explorer's script, the search index;
/// then alias redirects, at paths nothing took; the sitemap and feed; the link previews.
struct SiteAssembly {
    var pages: PageStage.Output
    var listings: ListingStage.Output
    var files: FileStage.Output
    var graph: GraphStage.Output
    var explorer: ExplorerStage.Output
    var previews: PreviewStage.Output
    /// The site's words, for the alias redirects' one sentence.
    var strings = InterfaceStrings.english
    /// Protected notes' sealed pages, by page path (none in most sites).
    var protected: [String: Data] = [:]
    /// The scripts protected pages need that public ones may not (KaTeX, Mermaid).
    var protectedAssets: [String: Data] = [:]

    struct Output: Sendable {
        var site: SiteFiles
        /// Every HTML page but alias redirects, sorted.
        var htmlPages: [String]
        var diagnostics: [Diagnostic]
    }

    /// Each note's alias redirect pages, by its aliases, title and page.
    static let redirects = KeptPerNote<SourceNote, [AliasRedirects.Redirect]>("assembly.redirects")

    func site(notes: [ResolvedNote], configuration: SiteConfiguration, _ context: StageContext)
        -> Output
    {
        var site = SiteFiles(files: pages.pages, staged: Set(pages.staged))
        site.put(protected)
        site.put(listings.pages)
        site.put(files.files)
        site.put(graph.files)
        site.add(pages.assets)
        site.add(protectedAssets)
        site.put(ExplorerData.assetPath, explorer.script)
        site.put(listings.search)
        let style = configuration.urls
        let movedTo = strings["moved_to"]
        let aliased = AliasRedirects.aliased(notes)
        let redirects = AliasRedirects.pages(
            for: aliased,
            redirects: context.perNote(
                Self.redirects, aliased.map(\.source), pages: aliased.map(\.pagePath),
                context: ContentKey(style, movedTo)
            ) { AliasRedirects.redirects(of: aliased[$0], style: style, movedTo: movedTo) },
            taken: site.holds, display: context.display)
        site.put(redirects.pages)
        let htmlPages = Self.sorted(
            site.paths.filter { $0.hasSuffix(".html") && redirects.pages[$0] == nil },
            memory: context.memory)
        if let baseURL = configuration.baseURL {
            var updated: [String: Date] = [:]
            for note in notes { updated[note.pagePath] = note.dates.updated }
            let listed = protected.isEmpty ? htmlPages : htmlPages.filter { protected[$0] == nil }
            site.put("sitemap.xml", Sitemap.xml(pages: listed, baseURL: baseURL, updated: updated))
            // Without dated notes there is no feed, not even a file of the vault's at its path.
            site.put("feed.xml", listings.feed)
        }
        site.put(previews.files)
        return Output(site: site, htmlPages: htmlPages, diagnostics: redirects.diagnostics)
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
}

extension SiteFiles {
    /// `files` put in, over any file at the same path.
    fileprivate mutating func put(_ files: [String: Data]) {
        self.files.merge(files) { _, later in later }
        guard !staged.isEmpty else { return }
        for path in files.keys { staged.remove(path) }
    }

    /// A file put in over any at its path; nil takes the path's file out.
    fileprivate mutating func put(_ path: String, _ data: Data?) {
        files[path] = data
        staged.remove(path)
    }

    /// `files` put in where the site has no file yet.
    fileprivate mutating func add(_ files: [String: Data]) {
        for (path, data) in files where !holds(path) { self.files[path] = data }
    }

    /// Whether the site has a file at `path`, in memory or staged.
    fileprivate func holds(_ path: String) -> Bool {
        files[path] != nil || staged.contains(path)
    }

    /// Every file's path, in memory or staged (never both: ``put(_:)`` takes a path out of `staged`).
    fileprivate var paths: [String] {
        staged.isEmpty ? Array(files.keys) : Array(files.keys) + staged
    }
}
