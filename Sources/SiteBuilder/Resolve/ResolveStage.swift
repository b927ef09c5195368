import NoteModel

/// Resolve: every link, embed and image a note names looked up against the whole vault, the way
/// Obsidian does; from those, the link graph (backlinks, tags) every later stage reads. A note's
/// resolution is reused while its text and everything it is resolved against are unchanged.
struct ResolveStage: BuildStage {
    static let name = "resolve"

    let files: [String]
    let configuration: SiteConfiguration
    /// Each file's times (git's or its own): a note's dates are part of its resolution.
    var dates = VaultDates.none
    /// The protected notes (none in most vaults), and their random-looking pages under `opaque_urls`.
    var protection = Protection.none
    var opaquePages: [String: String] = [:]

    struct Output: StageOutput {
        /// What public pages are made from: a protected note there is its stand-in (``Protection/stub(for:)``).
        var graph: LinkGraph
        /// Per password, the graph its notes' own pages are made from (``ProtectedGraph``).
        var protectedGraphs: [ProtectedGraph] = []
        /// Every note as written, protected ones too: what code and images are made for.
        var everyNote: LinkGraph
        /// Every published note's page, by note path.
        var pagePaths: [String: String]
        var diagnostics: [Diagnostic]
    }

    func steps(for input: ReadStage.Output) -> Int { input.notes.count }

    func run(_ input: ReadStage.Output, _ context: StageContext) async -> Output {
        let sources = input.notes
        let (links, duplicates) = linkContext(sources, context)
        let dates = dates
        let times = sources.map { dates.times(of: $0.path) }
        // By the context and the note's file times: a commit makes again only the notes it touched.
        let notes = await context.mapPerNote(
            Self.links, sources, key: { ContentKey(links.key, times[$0]) },
            make: { NoteLoading.link(sources[$0], in: links, times: times[$0]) }
        ).map(\.value)
        // The graph follows from the context and each note's resolution (its dates included).
        let graph = context.value(
            Self.graphs, key: ContentKey(combining: [links.key] + notes.map(\.key))
        ) {
            LinkGraph(notes)
        }
        guard !protection.isEmpty else {
            return Output(
                graph: graph, everyNote: graph, pagePaths: links.pages,
                diagnostics: notes.flatMap(\.diagnostics) + duplicates)
        }
        let stubs = Dictionary(
            uniqueKeysWithValues: notes.filter { protection.variables[$0.path] != nil }.map {
                ($0.path, NoteLoading.link(protection.stub(for: $0.source), in: links))
            })
        let split = ProtectedGraph.split(notes, stubs: stubs, protection: protection)
        return Output(
            graph: split.public, protectedGraphs: split.protected, everyNote: graph, pagePaths: links.pages,
            diagnostics: notes.flatMap(\.diagnostics) + duplicates)
    }

    /// Each note's links looked up, by the note and everything it can be resolved against.
    static let links = KeptPerNote<SourceNote, ResolvedNote>("resolve.links")
    /// The link graph, by the context and every note.
    static let graphs = Kept<LinkGraph>("resolve.graphs")
    /// Every note's page path, by the notes' paths and permalinks.
    static let pagePaths = Kept<[String: String]>("resolve.pagePaths")
    /// The notes and files the last link context was made from, so a save that moves no note's
    /// path, page, outline or aliases keeps the context without hashing every note.
    static let linkSources = KeptLast<LinkSources>("resolve.linkSources")

    /// What every note is resolved against, and the notes whose pages would land on one path.
    /// On a rebuild, the last ones while no note's path, page, outline or aliases changed: found
    /// by comparing each note with the last build's (mostly the very same object), since hashing
    /// every path of the vault was a visible part of a save.
    private func linkContext(_ sources: [SourceNote], _ context: StageContext) -> (
        LinkContext, [Diagnostic]
    ) {
        let settings = ContentKey(configuration.urls, configuration.allowHTML)
        if let last = context.last(Self.linkSources), last.settings == settings, last.files == files,
            last.resolvesAlike(sources)
        {
            context.keep(last.with(sources), as: Self.linkSources)
            return (last.context, last.duplicates)
        }
        let made = makeLinkContext(sources, context)
        let duplicates = SiteBuild.duplicatePages(sources, pages: made.pages, display: context.display)
        context.keep(
            LinkSources(
                notes: sources, files: files, settings: settings, context: made, duplicates: duplicates),
            as: Self.linkSources)
        return (made, duplicates)
    }

    /// The context made anew, its pages reused on a rebuild while no note's path or permalink changed.
    private func makeLinkContext(_ sources: [SourceNote], _ context: StageContext) -> LinkContext {
        let style = configuration.urls
        var permalinks = Hasher()
        permalinks.combine(style)
        for source in sources {
            permalinks.combine(source.path)
            permalinks.combine(source.document.frontMatter?.permalink)
        }
        permalinks.combine(opaquePages)
        let pagesKey = ContentKey(digest: permalinks.finalize())
        let pages = context.value(Self.pagePaths, key: pagesKey) {
            SiteBuild.pagePaths(for: sources, style: style).merging(opaquePages) { _, opaque in opaque }
        }
        return LinkContext(
            notes: sources, files: files, pages: pages, style: style, allowHTML: configuration.allowHTML)
    }
}

/// The notes and files the last link context was made from (`serve`).
struct LinkSources: Sendable {
    let notes: [SourceNote]
    let files: [String]
    let settings: ContentKey
    let context: LinkContext
    let duplicates: [Diagnostic]

    /// Whether `notes` resolve links as the last build's did: the same notes in the same order,
    /// each the same object or one with the same path, permalink, outline and aliases.
    func resolvesAlike(_ notes: [SourceNote]) -> Bool {
        guard notes.count == self.notes.count else { return false }
        for (new, old) in zip(notes, self.notes) where new !== old {
            let (a, b) = (new.document.frontMatter, old.document.frontMatter)
            guard new.path == old.path, new.outlineKey == old.outlineKey, a?.permalink == b?.permalink,
                a?.aliases ?? [] == b?.aliases ?? []
            else { return false }
        }
        return true
    }

    /// The same context, remembered with these notes (so the next save compares with them).
    func with(_ notes: [SourceNote]) -> LinkSources {
        LinkSources(notes: notes, files: files, settings: settings, context: context, duplicates: duplicates)
    }
}
