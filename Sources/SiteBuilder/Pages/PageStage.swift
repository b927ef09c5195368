import Foundation
import NoteModel

/// Pages: each note's model written as HTML (images, links, embeds in place) and put through the
/// theme's page template. A page is made from what Resolve found for it (``PageSources``: its note,
/// the notes it embeds, its backlinks) with the images, code and explorer those name; in `serve`
/// it is made again only when one of those, or what every page shares, changed.
struct PageStage: BuildStage {
    static let name = "pages"

    let configuration: SiteConfiguration
    let theme: Theme
    let facts: SiteFacts
    /// Where the `mermaid` setting's script is read from.
    let vault: URL
    /// The build's clock, for bases' `now()` and `today()`.
    let now: Date
    /// Only these notes' pages (by vault path), for protected notes' pages (``ProtectedPages``); nil: all.
    var only: Set<String>? = nil
    /// Whether these are protected notes' own pages, to be sealed: the theme marks what it seals.
    var sealing = false

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
        let scripts = SiteScripts(notes: graph.notes, configuration: configuration, vault: vault)
        let authored = AuthoredHTMLSettings(configuration: configuration, theme: self.theme)
        // What every page shows besides its sources: the settings, the theme, the site-wide facts,
        // and what Pygments made of code (its version).
        let shared = ContentKey(
            configuration, self.theme, facts.key, input.code.highlights?.pygments, scripts.katex,
            scripts.mermaid)
        let notes = only.map { only in graph.notes.filter { only.contains($0.path) } } ?? graph.notes
        let clock = BaseClock(now)
        // By the source note: a note resolved again (another note added) is a new object.
        let results = await context.mapPerNote(
            Self.pages, notes.map(\.source), pages: notes.map(\.pagePath),
            from: { PageSources(notes[$0], in: graph) },
            beside: { sources in
                // The bytes of every image the page shows, and its breadcrumbs and part of the explorer's tree.
                // A base's cards show any note's first picture.
                ContentKey(
                    shared, input.images.key(of: sources.bases == nil ? sources.shown : notes),
                    input.explorer.viewKey(for: sources.note.pagePath), clock.day(for: sources))
            },
            make: { sources in
                let page = render(
                    sources, input, theme: theme, scripts: scripts, authored: authored, clock: clock)
                // A cold `notesite build` writes the page now and keeps only its path (``StagingWriter``).
                guard let staging = context.staging else {
                    return Page(html: Data(page.html), diagnostics: page.diagnostics)
                }
                staging.write(bytes: page.html.span.bytes, to: sources.note.pagePath)
                return Page(html: nil, diagnostics: page.diagnostics)
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
            made: zip(notes, results).compactMap { note, result in result.isNew ? note.pagePath : nil }
                .sorted(),
            assets: scripts.files,
            notices: scripts.notices,
            diagnostics: scripts.diagnostics
                + results.flatMap(\.value.diagnostics).filter { reported.insert($0).inserted })
    }

    /// Each note's page and the problems found making it, by everything the page shows.
    static let pages = KeptPerNote<SourceNote, Page>("pages")

    /// One page as made: its bytes (empty when the theme failed) and its problems.
    private struct Made {
        var html: [UInt8]
        var diagnostics: [Diagnostic]
    }

    /// The page of `sources.note`, from its sources and the other stages' outputs (images, code,
    /// explorer), never from the rest of the link graph.
    private func render(
        _ sources: PageSources, _ input: Input, theme: ThemeRendering, scripts: SiteScripts,
        authored: AuthoredHTMLSettings, clock: BaseClock
    ) -> Made {
        let note = sources.note
        var writer = PageBody(
            notes: sources.placeable, renditions: input.images.renditions,
            publishing: input.images.publishing,
            allowHTML: configuration.allowHTML, urls: configuration.urls, pagePath: note.pagePath)
        writer.highlights = input.code.highlights
        writer.strings = theme.strings
        writer.bases = sources.bases
        writer.now = clock.now
        if note.source.content.kind != .base { writer.thisNote = note }
        writer.sanitizer = authored.sanitizer
        writer.reservedIDs = authored.reservedIDs
        var (body, problems, inlined, found) = writer.utf8(for: note)
        var features = PageFeatures(found: found, katex: scripts.katex, mermaid: scripts.mermaid)
        // The board's script and styles, only on pages that show a board.
        features.canvas = sources.shown.contains { $0.source.content.kind == .canvas }
        // The table sorter and the bases' styles, only on pages that show a base.
        features.bases = sources.bases != nil
        features.protected = sealing || note.source.isProtectedStub
        let place = SourceLocation(file: note.source.displayName, line: 1, column: 1)
        if let warning = PageBudget.warning(
            page: note.pagePath, images: inlined, budget: configuration.pageBudgetBytes, at: place)
        {
            problems.append(warning)
        }
        do {
            let html = try theme.page(
                for: note, body: body, backlinks: sources.backlinks, features: features,
                image: socialImage(for: note, input.images),
                explorer: input.explorer.view(for: note.pagePath))
            return Made(html: html, diagnostics: problems)
        } catch {
            return Made(html: [], diagnostics: problems + [self.theme.diagnostic(for: error)])
        }
    }
}

extension PageStage {
    /// The note's link-card picture, when `base_url` made one: its `image`/`cover` property, else its
    /// drawn card, else (cards off) its first raster image.
    func socialImage(for note: ResolvedNote, _ images: ImageStage.Output) -> HeadMetadata.Image? {
        let alt = note.title
        switch note.cover {
        case .url(let url):
            return HeadMetadata.Image(sitePath: url, isAbsolute: true, alt: alt)
        case .file(let path):
            if let picture = images.publishing.social[path] {
                return HeadMetadata.Image(
                    sitePath: SocialImages.path(of: picture), width: picture.pixelWidth,
                    height: picture.pixelHeight, alt: alt)
            }
        case nil: break
        }
        let card = SocialCards.sitePath(forPage: note.pagePath)
        if images.cardPaths.contains(card) {
            return HeadMetadata.Image(
                sitePath: card, width: SocialCards.width, height: SocialCards.height, alt: alt)
        }
        guard !configuration.socialCards, note.cover == nil,
            let source = SocialImages.source(of: note, renditions: images.renditions),
            let picture = images.publishing.social[source.path]
        else { return nil }
        return HeadMetadata.Image(
            sitePath: SocialImages.path(of: picture), width: picture.pixelWidth, height: picture.pixelHeight,
            alt: note.document.altText(ofImage: source.index))
    }
}

extension ImageStage.Output {
    /// The content of every image `notes` show, with its preview and link-card picture: a page's
    /// key names its images by path (``PageSources``); this is what each path holds now.
    func key(of notes: [ResolvedNote]) -> ContentKey {
        ContentKey(
            combining: ImageRendering.keys(in: notes).map { key in
                ContentKey(key, keys[key], previewKeys[key.path], socialKeys[key.path])
            }
                // Only with cards or covers (`base_url`): a site without them keys nothing more.
                + (cardPaths.isEmpty && socialKeys.isEmpty ? [] : notes).map { note in
                    let cover: ContentKey? =
                        if case .file(let path) = note.cover { socialKeys[path] } else { nil }
                    return ContentKey(cardPaths.contains(SocialCards.sitePath(forPage: note.pagePath)), cover)
                })
    }
}
