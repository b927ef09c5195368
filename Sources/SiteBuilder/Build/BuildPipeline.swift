import Foundation
import NoteModel

/// The build, as the list of its stages: Scan -> Dates -> Read -> Resolve -> Graph -> Highlight -> Images -> Files ->
/// Explorer -> Pages -> Listings -> Previews, each returning what it made; then the site put together from
/// their outputs (``SiteAssembly``) and, in ``SiteBuild/run(_:)``, written (Write).
struct BuildPipeline {
    let options: BuildOptions
    let configuration: LoadedConfiguration
    /// Where a cold build writes pages as they are made (``StagingWriter``); nil keeps the whole site in memory.
    var staging: StagingWriter?

    /// What one run made: the site, the report, and for `notesite export` the published notes.
    struct Made: Sendable {
        var site: SiteFiles?
        var report: BuildReport
        /// Each published note's path, page and title; empty unless ``make(listingNotes:)`` was asked.
        var notes: [PublishedNote] = []
    }

    /// The whole site; nil when it cannot be made at all (the vault is unreadable, the theme does
    /// not compile). Problems in single notes or images are diagnostics in the report.
    func make() async -> (SiteFiles?, BuildReport) {
        let made = await make(listingNotes: false)
        return (made.site, made.report)
    }

    /// ``make()``, and with `listingNotes` the notes it published, which `notesite export` chooses from.
    func make(listingNotes: Bool) async -> Made {
        let settings = configuration.settings
        var context = StageContext(options, configuration)
        context.staging = staging
        var runner = StageRunner(
            context: context,
            report: BuildReport(diagnostics: configuration.diagnostics, output: options.output))
        let scan = await runner.run(
            ScanStage(root: options.vault, configuration: settings, excluded: configuration.outputs), ())
        guard let vault = scan.vault, let rendering = scan.rendering else {
            return Made(report: runner.report)
        }
        let dated = await runner.run(
            DatesStage(cacheFolder: vault.cacheFolder(named: settings.cache)), vault)
        let read = await runner.run(ReadStage(), vault)
        let (protection, unset) = protection(of: read.notes, strings: rendering.strings)
        // A protected note without its password: nothing is published, not even the other pages.
        guard unset.isEmpty else {
            runner.report.diagnostics += unset
            return Made(report: runner.report)
        }
        var resolve = ResolveStage(files: vault.files, configuration: settings, dates: dated.dates)
        resolve.protection = protection
        if settings.opaqueURLs, !protection.isEmpty {
            resolve.opaquePages = await protection.opaquePages(style: settings.urls, context: context)
        }
        let resolved = await runner.run(resolve, read)
        let graph = resolved.graph
        let facts = SiteFacts(
            graph: graph, pagePaths: resolved.pagePaths, configuration: settings, rendering: rendering)
        let drawn = await runner.run(
            GraphStage(
                configuration: settings, facts: facts, theme: scan.theme,
                cache: vault.cacheFolder(named: settings.cache).map(GraphLayoutCache.init(folder:))), graph)
        // Code and images of protected notes too: their pages show them, sealed.
        let code = await runner.run(HighlightStage(configuration: settings, vault: vault), resolved.everyNote)
        var imageStage = ImageStage(vault: vault, configuration: settings, rendering: rendering)
        imageStage.protected = Set(protection.groups.flatMap(\.notes))
        let images = await runner.run(imageStage, resolved.everyNote)
        let files = await runner.run(
            FileStage(
                vault: vault, theme: scan.theme, strings: rendering.strings, favicon: scan.favicon,
                protects: !protection.isEmpty),
            .init(graph: graph, images: images))
        let explorer = await runner.run(
            ExplorerStage(configuration: settings, strings: rendering.strings), graph)
        let pageStage = PageStage(
            configuration: settings, theme: scan.theme, facts: facts, vault: vault.root,
            now: options.now ?? Date())
        let pageInput = PageStage.Input(graph: graph, images: images, code: code, explorer: explorer)
        let pages = await runner.run(pageStage, pageInput)
        let sealed =
            protection.isEmpty
            ? nil
            : await runner.run(
                ProtectedPages(stage: pageStage, protection: protection, storage: settings.keepUnlocked),
                .init(pages: pageInput, graphs: resolved.protectedGraphs))
        let listings = await runner.run(
            ListingStage(configuration: settings, theme: scan.theme, facts: facts),
            .init(graph: graph, explorer: explorer))
        let previews = await runner.run(PreviewStage(configuration: settings), graph)
        let assembled = SiteAssembly(
            pages: pages, listings: listings, files: files, graph: drawn, explorer: explorer,
            previews: previews, strings: rendering.strings, protected: sealed?.pages ?? [:],
            protectedAssets: sealed?.assets ?? [:]
        )
        .site(notes: graph.notes, configuration: settings, context)

        let report = Self.report(
            runner.report, notes: graph.notes.count, images: images, code: code, pages: pages,
            assembled: assembled)
        let published =
            listingNotes
            ? graph.notes.map { PublishedNote(path: $0.path, pagePath: $0.pagePath, title: $0.title) } : []
        BackgroundRelease.drop(
            (
                consume dated, consume read, consume resolved, consume graph, consume drawn, consume code,
                consume images,
                consume explorer, consume pages, consume listings, consume previews, consume files,
                consume facts
            ), freeing: !options.endsWithProcess)
        return Made(site: assembled.site, report: report, notes: published)
    }

    /// Which notes are sealed, with the site's words for their stand-ins, and an error for each
    /// protected note whose password is not set.
    private func protection(of notes: [SourceNote], strings: InterfaceStrings) -> (Protection, [Diagnostic]) {
        var (protection, unset) = Protection.find(
            notes, rules: configuration.settings.protect,
            environment: options.environment ?? ProcessInfo.processInfo.environment)
        protection.strings = strings
        return (protection, unset)
    }

    /// The report of a build that made its site: the stages' diagnostics and what they counted.
    private static func report(
        _ report: BuildReport, notes: Int, images: ImageStage.Output, code: HighlightStage.Output,
        pages: PageStage.Output, assembled: SiteAssembly.Output
    ) -> BuildReport {
        var report = report
        report.diagnostics += assembled.diagnostics
        report.noteCount = notes
        report.imageCount = images.renditions.values.filter(\.isRendition).count
        report.images = images.records
        report.imageCache = images.cacheStatistics
        report.cards = images.cardRecords
        report.pageCount = assembled.htmlPages.count
        report.pagePaths = assembled.htmlPages
        report.madePages = pages.made
        report.codeCache = code.highlights.map { ($0.highlighted, $0.cacheHits) }
        report.notices = (code.highlights?.notice.map { [$0] } ?? []) + pages.notices
        return report
    }
}
