import Foundation
import NoteModel

/// Pages: each note's model written as HTML (images, links, embeds in place) and put through the
/// theme's page template. A page is made again only when something it shows changed: its note,
/// the notes it embeds, its backlinks, its images, or what every page shares (``PageKey``).
struct PageStage: BuildStage {
    static let name = "pages"

    let configuration: SiteConfiguration
    let theme: Theme
    let rendering: ThemeRendering
    /// Where the `mermaid` setting's script is read from.
    let vault: URL

    struct Input: Sendable {
        var graph: LinkGraph
        var images: ImageStage.Output
        var code: HighlightStage.Output
        var explorer: ExplorerStage.Output
    }

    struct Page: Sendable {
        var html: Data
        var diagnostics: [Diagnostic]
    }

    struct Output: StageOutput {
        var pages: [String: Data]
        /// The pages made by this build rather than reused from an earlier one, sorted.
        var made: [String]
        /// KaTeX and the Mermaid script, when some page needs them (``SiteScripts``).
        var assets: [String: Data] = [:]
        var notices: [String] = []
        var diagnostics: [Diagnostic]
    }

    func steps(for input: Input) -> Int { input.graph.notes.count }

    func run(_ input: Input, _ context: StageContext) async -> Output {
        let graph = input.graph
        let theme = rendering.knowing(
            hasTags: !graph.tags.tags.isEmpty, hasFeed: configuration.baseURL != nil && graph.hasDatedNotes)
        let shared = ContentKey(
            configuration, self.theme, theme.siteTitle, !graph.tags.tags.isEmpty, graph.hasDatedNotes)
        let memory = context.memory
        let scripts = SiteScripts(notes: graph.notes, configuration: configuration, vault: vault)
        let authored = AuthoredHTMLSettings(configuration: configuration, theme: self.theme)
        // Pages show what Pygments made of their code: its version is part of every page's key.
        let code = ContentKey(shared, input.code.highlights?.pygments, scripts.katex, scripts.mermaid)
        let last = memory?.pages.made()
        let results = await context.map(Array(graph.notes.indices)) {
            index -> (String, Page, Bool, ContentKey?) in
            let note = graph.notes[index]
            guard memory != nil else {
                let (html, diagnostics) = render(
                    note, input, theme: theme, scripts: scripts, authored: authored)
                // A cold build writes the page now and keeps its path with no bytes (``StagingWriter``).
                guard let staging = context.staging else {
                    return (note.pagePath, Page(html: Data(html), diagnostics: diagnostics), true, nil)
                }
                html.withUnsafeBytes { staging.write(bytes: $0, to: note.pagePath) }
                return (note.pagePath, Page(html: Data(), diagnostics: diagnostics), true, nil)
            }
            // The page shows its breadcrumbs and its part of the explorer's tree.
            let view = input.explorer.viewKey(for: note.pagePath)
            let key = ContentKey(PageKey.of(note, in: input.graph, images: input.images, shared: code), view)
            // By the source note: a note resolved again (another note added) is a new object.
            if let known = last?.keyed(for: note.source, at: index, page: note.pagePath), known.key == key {
                return (note.pagePath, known.value, false, key)
            }
            return (
                note.pagePath,
                self.page(for: note, input, theme: theme, scripts: scripts, authored: authored), true, key
            )
        }
        if let memory {
            memory.pages.remember(
                results.map(\.1), from: graph.notes.map(\.source), pages: results.map(\.0),
                keys: results.compactMap(\.3))
            memory.countReused(pages: results.count(where: { !$0.2 }))
        }
        var pages: [String: Data] = [:]
        pages.reserveCapacity(results.count)
        for (path, page, _, _) in results { pages[path] = page.html }
        // A problem inside an embedded note comes from every page that shows it: report it once.
        var reported: Set<Diagnostic> = []
        return Output(
            pages: pages, made: results.filter(\.2).map(\.0).sorted(), assets: scripts.files,
            notices: scripts.notices,
            diagnostics: scripts.diagnostics
                + results.flatMap(\.1.diagnostics).filter { reported.insert($0).inserted })
    }

    private func page(
        for note: ParsedNote, _ input: Input, theme: ThemeRendering, scripts: SiteScripts,
        authored: AuthoredHTMLSettings
    ) -> Page {
        let (html, diagnostics) = render(note, input, theme: theme, scripts: scripts, authored: authored)
        return Page(html: Data(html), diagnostics: diagnostics)
    }

    /// The page's bytes (empty when the theme failed) and its problems.
    private func render(
        _ note: ParsedNote, _ input: Input, theme: ThemeRendering, scripts: SiteScripts,
        authored: AuthoredHTMLSettings
    ) -> (html: [UInt8], diagnostics: [Diagnostic]) {
        var writer = PageBody(
            notes: input.graph.byPath, renditions: input.images.renditions,
            publishing: input.images.publishing,
            allowHTML: configuration.allowHTML, urls: configuration.urls, pagePath: note.pagePath)
        writer.highlights = input.code.highlights
        writer.sanitizer = authored.sanitizer
        writer.reservedIDs = authored.reservedIDs
        var (body, problems, inlined, found) = writer.utf8(for: note)
        let features = PageFeatures(found: found, katex: scripts.katex, mermaid: scripts.mermaid)
        let place = SourceLocation(file: note.source.displayName, line: 1, column: 1)
        if let warning = PageBudget.warning(
            page: note.pagePath, images: inlined, budget: configuration.pageBudgetBytes, at: place)
        {
            problems.append(warning)
        }
        do {
            let html = try theme.page(
                for: note, body: body, backlinks: input.graph.backlinks.to(note.path), features: features,
                image: socialImage(for: note, input.images),
                explorer: input.explorer.view(for: note.pagePath))
            return (html, problems)
        } catch {
            return ([], problems + [self.theme.diagnostic(for: error)])
        }
    }
}

extension PageStage {
    /// The note's link-card picture, when `base_url` made one.
    func socialImage(for note: ParsedNote, _ images: ImageStage.Output) -> HeadMetadata.Image? {
        guard let source = SocialImages.source(of: note, renditions: images.renditions),
            let card = images.publishing.social[source.path]
        else { return nil }
        return HeadMetadata.Image(
            sitePath: SocialImages.path(of: card), width: card.pixelWidth, height: card.pixelHeight,
            alt: note.document.altText(ofImage: source.index))
    }
}

/// Everything one note's page shows, as one key: the note as resolved, every note it embeds
/// (however deep), the notes linking to it with their words around the link, the content of
/// every image those notes show, and what all pages share (settings, theme).
enum PageKey {
    static func of(
        _ note: ParsedNote, in graph: LinkGraph, images: ImageStage.Output, shared: ContentKey
    ) -> ContentKey {
        let shown = [note] + graph.embedded(from: note).compactMap { graph.byPath[$0] }
        let imageKeys = ImageRendering.keys(in: shown).map { key in
            ContentKey(key, images.keys[key], images.previewKeys[key.path], images.socialKeys[key.path])
        }
        // Hashed in place: an array of strings per backlink was a visible part of every save.
        var backlinks = Hasher()
        for entry in graph.backlinks.to(note.path) {
            backlinks.combine(entry.source.title)
            backlinks.combine(entry.source.pagePath)
            backlinks.combine(entry.context)
        }
        return ContentKey(
            shared, shown, ContentKey(digest: backlinks.finalize()), ContentKey(combining: imageKeys))
    }
}
