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
        let pages = SiteBuild.pagePaths(for: sources, style: configuration.urls)
        let links = LinkContext(
            notes: sources, files: files, pages: pages, style: configuration.urls,
            allowHTML: configuration.allowHTML)
        let contextKey = links.key
        let memory = context.memory
        let notes = await context.map(sources) { source in
            guard let memory else { return NoteLoading.link(source, in: links) }
            let key = ContentKey(contextKey, source.key)
            return memory.links.value(slot: source.path, key: key) { NoteLoading.link(source, in: links) }
        }
        memory?.links.keep(only: Set(sources.map(\.path)))
        let graph = LinkGraph(notes)
        let diagnostics =
            notes.flatMap(\.diagnostics) + SiteBuild.duplicatePages(notes, display: context.display)
        return Output(graph: graph, diagnostics: diagnostics)
    }
}
