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
        var diagnostics: [Diagnostic]
    }

    func steps(for input: ReadStage.Output) -> Int { input.notes.count }

    func run(_ input: ReadStage.Output, _ context: StageContext) async -> Output {
        let sources = input.notes
        let memory = context.memory
        let links = linkContext(sources, memory: memory)
        let notes = await context.map(sources) { source in
            guard let memory else { return NoteLoading.link(source, in: links) }
            let key = ContentKey(links.key, source.key)
            return memory.links.value(slot: source.path, key: key) { NoteLoading.link(source, in: links) }
        }
        memory?.links.keepUsed()
        // Each note's resolution follows from the context and the note: so does the graph.
        let graphKey = ContentKey(combining: [links.key] + sources.map(\.key))
        let graph = memory?.graphs.value(slot: "", key: graphKey) { LinkGraph(notes) } ?? LinkGraph(notes)
        let diagnostics =
            notes.flatMap(\.diagnostics) + SiteBuild.duplicatePages(notes, display: context.display)
        return Output(graph: graph, diagnostics: diagnostics)
    }

    /// What every note is resolved against; on a rebuild, the last one while no note's path,
    /// page, outline or aliases changed (making it walks every path of the vault).
    private func linkContext(_ sources: [SourceNote], memory: BuildMemory?) -> LinkContext {
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
        let key = LinkContext.key(
            notes: sources, files: files, pages: pages, style: style, allowHTML: configuration.allowHTML)
        let make = {
            LinkContext(
                notes: sources, files: files, pages: pages, style: style,
                allowHTML: configuration.allowHTML, key: key)
        }
        return memory?.linkContexts.value(slot: "", key: key, make: make) ?? make()
    }
}
