import NoteModel

/// Resolve: every link, embed and image a note names looked up against the whole vault, the way
/// Obsidian does; from those, the link graph (backlinks, tags) every later stage reads. A note's
/// resolution is reused while its text and everything it is resolved against are unchanged.
struct ResolveStage: BuildStage {
    static let name = "resolve"

    let files: [String]
    let configuration: SiteConfiguration

    struct Output: StageOutput {
        var graph: LinkGraph
        /// Every published note's page, by note path.
        var pagePaths: [String: String]
        var diagnostics: [Diagnostic]
    }

    func steps(for input: ReadStage.Output) -> Int { input.notes.count }

    func run(_ input: ReadStage.Output, _ context: StageContext) async -> Output {
        let sources = input.notes
        let memory = context.memory
        let (links, duplicates) = linkContext(sources, memory: memory, display: context.display)
        let last = memory?.links.made(context: links.key)
        let notes = await context.map(Array(sources.indices)) { index in
            last?.value(for: sources[index], at: index) ?? NoteLoading.link(sources[index], in: links)
        }
        memory?.links.remember(notes, from: sources, context: links.key)
        // Each note's resolution follows from the context and the note: so does the graph.
        let graph =
            memory?.graphs.value(slot: "", key: ContentKey(combining: [links.key] + sources.map(\.key))) {
                LinkGraph(notes)
            } ?? LinkGraph(notes)
        return Output(
            graph: graph, pagePaths: links.pages, diagnostics: notes.flatMap(\.diagnostics) + duplicates)
    }

    /// What every note is resolved against, and the notes whose pages would land on one path.
    /// On a rebuild, the last ones while no note's path, page, outline or aliases changed: found
    /// by comparing each note with the last build's (mostly the very same object), since hashing
    /// every path of the vault was a visible part of a save.
    private func linkContext(_ sources: [SourceNote], memory: BuildMemory?, display: DisplayPaths) -> (
        LinkContext, [Diagnostic]
    ) {
        let settings = ContentKey(configuration.urls, configuration.allowHTML)
        if let last = memory?.linkSources.withLock({ $0 }), last.settings == settings, last.files == files,
            last.resolvesAlike(sources)
        {
            memory?.linkSources.withLock { $0 = last.with(sources) }
            return (last.context, last.duplicates)
        }
        let made = makeLinkContext(sources, memory: memory)
        let duplicates = SiteBuild.duplicatePages(sources, pages: made.pages, display: display)
        memory?.linkSources.withLock {
            $0 = LinkSources(
                notes: sources, files: files, settings: settings, context: made, duplicates: duplicates)
        }
        return (made, duplicates)
    }

    /// The context made anew, its pages reused on a rebuild while no note's path or permalink changed.
    private func makeLinkContext(_ sources: [SourceNote], memory: BuildMemory?) -> LinkContext {
        let style = configuration.urls
        var permalinks = Hasher()
        permalinks.combine(style)
        for source in sources {
            permalinks.combine(source.path)
            permalinks.combine(source.document.frontMatter?.permalink)
        }
        let pagesKey = ContentKey(digest: permalinks.finalize())
        let pages =
            memory?.pagePaths.value(slot: "", key: pagesKey) {
                SiteBuild.pagePaths(for: sources, style: style)
            }
            ?? SiteBuild.pagePaths(for: sources, style: style)
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
