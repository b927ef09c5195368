import Foundation
import NoteModel

/// Pages: each note's model written as HTML (images, links, embeds in place) and put through the
/// theme's page template. In `serve` a page is made again only when something it shows changed: its note,
/// the notes it embeds, its backlinks, its images, or what every page shares (``PageKey``).
struct PageStage: BuildStage {
    static let name = "pages"

    let configuration: SiteConfiguration
    let theme: Theme
    let facts: SiteFacts
    /// Where the `mermaid` setting's script is read from.
    let vault: URL

    struct Input: Sendable {
        var graph: LinkGraph
        var images: ImageStage.Output
        var code: HighlightStage.Output
        var explorer: ExplorerStage.Output
    }

    struct Page: Sendable {
        /// The page's bytes; nil when they went straight into the staging folder.
        var html: Data?
        var diagnostics: [Diagnostic]
    }

    struct Output: StageOutput {
        /// The pages whose bytes are held here, by path.
        var pages: [String: Data]
        /// The pages written into the staging folder as they were made (a cold `notesite build`).
        var staged: [String] = []
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
        let theme = facts.rendering
        let shared = ContentKey(
            configuration, self.theme, theme.siteTitle, facts.hasTags, facts.hasDatedNotes)
        let scripts = SiteScripts(notes: graph.notes, configuration: configuration, vault: vault)
        let authored = AuthoredHTMLSettings(configuration: configuration, theme: self.theme)
        // Pages show what Pygments made of their code: its version is part of every page's key.
        let code = ContentKey(shared, input.code.highlights?.pygments, scripts.katex, scripts.mermaid)
        let notes = graph.notes
        let hasBoards = notes.contains { $0.source.content.kind == .canvas }
        // By the source note: a note resolved again (another note added) is a new object.
        let results = await context.mapPerNote(
            Self.pages, notes.map(\.source), pages: notes.map(\.pagePath),
            key: { index in
                // The page shows its breadcrumbs and its part of the explorer's tree.
                ContentKey(
                    PageKey.of(notes[index], in: graph, images: input.images, shared: code),
                    input.explorer.viewKey(for: notes[index].pagePath))
            },
            make: { index in
                let (html, diagnostics) = render(
                    notes[index], input, theme: theme, scripts: scripts, authored: authored,
                    hasBoards: hasBoards)
                // A cold `notesite build` writes the page now and keeps only its path (``StagingWriter``).
                guard let staging = context.staging else {
                    return Page(html: Data(html), diagnostics: diagnostics)
                }
                staging.write(bytes: html.span.bytes, to: notes[index].pagePath)
                return Page(html: nil, diagnostics: diagnostics)
            })
        var pages: [String: Data] = [:]
        var staged: [String] = []
        pages.reserveCapacity(context.staging == nil ? results.count : 0)
        for (note, made) in zip(notes, results) {
            if let html = made.value.html {
                pages[note.pagePath] = html
            } else {
                staged.append(note.pagePath)
            }
        }
        // A problem inside an embedded note comes from every page that shows it: report it once.
        var reported: Set<Diagnostic> = []
        return Output(
            pages: pages, staged: staged,
            made: zip(notes, results).filter(\.1.isNew).map(\.0.pagePath).sorted(),
            assets: scripts.files,
            notices: scripts.notices,
            diagnostics: scripts.diagnostics
                + results.flatMap(\.value.diagnostics).filter { reported.insert($0).inserted })
    }

    /// Each note's page and the problems found making it, by everything the page shows.
    static let pages = KeptPerNote<SourceNote, Page>("pages")

    /// The page's bytes (empty when the theme failed) and its problems.
    private func render(
        _ note: ResolvedNote, _ input: Input, theme: ThemeRendering, scripts: SiteScripts,
        authored: AuthoredHTMLSettings, hasBoards: Bool
    ) -> (html: [UInt8], diagnostics: [Diagnostic]) {
        var writer = PageBody(
            notes: input.graph.byPath, renditions: input.images.renditions,
            publishing: input.images.publishing,
            allowHTML: configuration.allowHTML, urls: configuration.urls, pagePath: note.pagePath)
        writer.highlights = input.code.highlights
        writer.sanitizer = authored.sanitizer
        writer.reservedIDs = authored.reservedIDs
        var (body, problems, inlined, found) = writer.utf8(for: note)
        var features = PageFeatures(found: found, katex: scripts.katex, mermaid: scripts.mermaid)
        // Only a site with boards asks which pages show one.
        features.canvas =
            hasBoards
            && ([note.path] + input.graph.embedded(from: note)).contains {
                input.graph.byPath[$0]?.source.content.kind == .canvas
            }
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
    func socialImage(for note: ResolvedNote, _ images: ImageStage.Output) -> HeadMetadata.Image? {
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
        _ note: ResolvedNote, in graph: LinkGraph, images: ImageStage.Output, shared: ContentKey
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
