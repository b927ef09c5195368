import Foundation
import ImagePipeline
import NoteModel

/// `notesite build`: vault in, whole site out. Each stage takes values and returns values;
/// only the scan at the start and the output folder at the end touch the disk.
public enum SiteBuild {
    /// Builds the site and swaps it into `options.output`.
    public static func run(_ options: BuildOptions) async -> BuildReport {
        let start = ContinuousClock.now
        var report = await buildAndWrite(options)
        report.duration = ContinuousClock.now - start
        return report
    }

    private static func buildAndWrite(_ options: BuildOptions) async -> BuildReport {
        var options = options
        if !options.outputGiven {
            let (configuration, _) = loadConfiguration(
                options.vault, display: DisplayPaths(vault: options.vault))
            if let output = configuration.output {
                options.output = options.vault.appendingPathComponent(output).standardizedFileURL
            }
        }
        do {
            try OutputFolder.check(target: options.output, vault: options.vault, force: options.force)
        } catch {
            return BuildReport(diagnostics: [.error("\(error)")], output: options.output)
        }
        var (site, report) = await make(options)
        guard let site else { return report }
        // Under --strict a build with any problem is a failed build: the old site stays.
        if options.strict && !report.diagnostics.isEmpty { return report }
        do {
            let start = ContinuousClock.now
            try OutputFolder(target: options.output).replace(with: site, jobs: options.jobs)
            _ = report.lap("write and swap the output", since: start)
            report.wroteOutput = true
        } catch {
            report.diagnostics.append(.error("cannot write the site to '\(options.output.path)': \(error)"))
        }
        return report
    }

    /// Builds the whole site in memory; nil when it cannot be made at all (the vault is unreadable,
    /// the theme is broken). Problems in single notes or images are diagnostics, and the site is still made.
    public static func make(_ options: BuildOptions) async -> (SiteFiles?, BuildReport) {
        var report = BuildReport(diagnostics: [], output: options.output)
        let display = DisplayPaths(vault: options.vault)
        var stage = ContinuousClock.now

        // Configuration and the list of files.
        let (loaded, configDiagnostics) = loadConfiguration(options.vault, display: display)
        let configuration = loaded.overriding(baseURL: options.baseURL)
        report.diagnostics += configDiagnostics
        let themeFolder = options.vault.appendingPathComponent(configuration.theme)
        let cacheFolder = configuration.cache.map { options.vault.appendingPathComponent($0) }
        // The output is never read back as notes, wherever it is set.
        let outputs =
            [options.output] + (configuration.output.map { [options.vault.appendingPathComponent($0)] } ?? [])
        let vault: Vault
        do {
            vault = try Vault.scan(
                root: options.vault, filter: PathFilter(exclude: configuration.exclude),
                excluding: outputs + [themeFolder] + (cacheFolder.map { [$0] } ?? []))
        } catch {
            report.diagnostics.append(.error("cannot read the vault '\(options.vault.path)': \(error)"))
            return (nil, report)
        }
        let (themeFiles, themeDiagnostics) = Theme.load(
            overridesIn: themeFolder, displayName: display.name(configuration.theme))
        report.diagnostics += themeDiagnostics
        let plainTheme: ThemeRendering
        do {
            plainTheme = try ThemeRendering(
                themeFiles, configuration: configuration,
                siteTitle: configuration.title ?? options.vault.lastPathComponent)
        } catch {
            report.diagnostics.append(themeFiles.diagnostic(for: error))
            return (nil, report)
        }

        stage = report.lap("configuration, scan, theme", since: stage)
        // Read every note; drafts (`draft: true`, `publish: false`) leave here, unseen by the rest.
        options.progress?.start("notes", total: vault.notes.count)
        let sources = await concurrentMap(vault.notes, limit: options.jobs) { path in
            defer { options.progress?.advance() }
            return NoteLoading.read(
                path, from: vault, displayName: display.name(path), memory: options.memory)
        }
        options.memory?.keep(only: Set(vault.notes))
        let published = sources.filter(\.isPublished)
        let pagePaths = pagePaths(for: published, style: configuration.urls)
        let context = LinkContext(
            notes: published, files: vault.files, pages: pagePaths, style: configuration.urls,
            allowHTML: configuration.allowHTML)
        let notes = await concurrentMap(published, limit: options.jobs) { NoteLoading.link($0, in: context) }
        report.diagnostics += notes.flatMap(\.diagnostics)
        report.diagnostics += duplicatePages(notes, display: display)

        stage = report.lap("read and link notes", since: stage)
        // Make every distinct image once, however many notes show it.
        let settings = ImageSettings(
            maxPixelWidth: configuration.imageWidth, columnWidth: configuration.columnWidth,
            maxInputPixels: configuration.maxPixels, format: configuration.imageFormat,
            quality: configuration.imageQuality)
        let cache = configuration.cache.map {
            RenditionCache(folder: options.vault.appendingPathComponent($0))
        }
        options.progress?.start("images", total: ImageRendering.keys(in: notes).count)
        let renditions = await ImageRendering.render(
            ImageRendering.keys(in: notes), in: vault, settings: settings, cache: cache, jobs: options.jobs)
        var previews: [String: ImageRendition] = [:]
        if let previewWidth = configuration.previewWidth {
            previews = await ImageRendering.previews(
                of: renditions, width: previewWidth, in: vault, settings: settings, cache: cache,
                jobs: options.jobs)
        }
        let publishing = ImagePublishing(
            inlining: configuration.inline, inlineMaxBytes: configuration.inlineMaxBytes, previews: previews)
        report.imageCache = cache.map { ($0.statistics.encodes, $0.statistics.hits) }
        // Entries no build has used for a month are dropped, so the cache does not grow forever.
        _ = cache?.prune(unusedFor: 30 * 24 * 3600)
        report.imageCount = renditions.values.filter(\.isRendition).count
        report.images = ImageRecord.records(renditions, in: vault, publishing: publishing)

        stage = report.lap("images", since: stage)
        // Pages through the theme.
        let tags = TagPages(notes)
        let feed = configuration.baseURL.flatMap { baseURL in
            AtomFeed.xml(
                notes: notes, siteTitle: plainTheme.siteTitle, baseURL: baseURL, author: configuration.author)
        }
        let theme = plainTheme.knowing(hasTags: !tags.tags.isEmpty, hasFeed: feed != nil)
        let backlinks = Backlinks(notes)
        let notesByPath = Dictionary(uniqueKeysWithValues: notes.map { ($0.path, $0) })
        @Sendable func page(_ note: ParsedNote) -> (String, Data, [Diagnostic]) {
            let writer = PageBody(
                notes: notesByPath, renditions: renditions, publishing: publishing,
                allowHTML: configuration.allowHTML, urls: configuration.urls, pagePath: note.pagePath)
            var (body, problems, inlined) = writer.html(for: note)
            let place = SourceLocation(file: note.source.displayName, line: 1, column: 1)
            if let warning = PageBudget.warning(
                page: note.pagePath, images: inlined, budget: configuration.pageBudgetBytes, at: place)
            {
                problems.append(warning)
            }
            do {
                let html = try theme.page(for: note, body: body, backlinks: backlinks.to(note.path))
                return (note.pagePath, Data(html.utf8), problems)
            } catch {
                return (note.pagePath, Data(), problems + [themeFiles.diagnostic(for: error)])
            }
        }
        let siteInputs = PageInputs.Site(
            configuration: configuration, siteTitle: theme.siteTitle, hasTags: !tags.tags.isEmpty,
            hasFeed: feed != nil, templates: themeFiles.templates, assets: themeFiles.assets)
        let memory = options.memory
        memory?.pagesShare(siteInputs)
        let renditionsByPath = Dictionary(grouping: renditions, by: \.key.path).mapValues {
            Dictionary(uniqueKeysWithValues: $0.map { ($0.key, $0.value) })
        }
        options.progress?.start("pages", total: notes.count)
        let pages = await concurrentMap(notes, limit: options.jobs) { note -> (String, Data, [Diagnostic]) in
            defer { options.progress?.advance() }
            let inputs =
                memory == nil
                ? nil
                : PageInputs(note: note, renditions: renditionsByPath, backlinks: backlinks.to(note.path))
            if let inputs, let known = memory?.page(for: inputs) {
                return (note.pagePath, known.html, known.diagnostics)
            }
            let (path, html, problems) = page(note)
            if let inputs { memory?.remember(page: html, diagnostics: problems, for: inputs) }
            return (path, html, problems)
        }
        memory?.keep(onlyPages: Set(notes.map(\.pagePath)))
        report.diagnostics += pages.flatMap { $0.2 }
        var site = SiteFiles()
        for (path, data, _) in pages { site.files[path] = data }
        do {
            for listing in FolderListing.all(for: notes) {
                let html =
                    listing.name == nil ? try theme.home(listing, allNotes: notes) : try theme.folder(listing)
                site.files[listing.pagePath] = Data(html.utf8)
            }
            if !tags.tags.isEmpty { site.files["tags.html"] = Data(try theme.tagIndex(tags).utf8) }
            for tag in tags.tags { site.files[tag.pagePath] = Data(try theme.tag(tag).utf8) }
            site.files["404.html"] = Data(try theme.notFound().utf8)
        } catch {
            report.diagnostics.append(themeFiles.diagnostic(for: error))
        }
        for (path, data) in publishing.files(for: renditions) { site.files[path] = data }
        for (name, bytes) in theme.assets { site.files["assets/" + name] = Data(bytes) }
        site.files["assets/search-index.js"] = await SearchIndex.script(
            for: notes, jobs: options.jobs, memory: options.memory)
        for path in Set(notes.flatMap(\.links.attachments)).sorted() {
            do {
                site.files[NoteLinks.attachmentPath(for: path)] = try Data(contentsOf: vault.url(for: path))
            } catch {
                report.diagnostics.append(
                    .error("cannot read '\(path)' to publish it: \(error.localizedDescription)"))
            }
        }
        let redirects = AliasRedirects.pages(
            for: notes, taken: Set(site.files.keys), style: configuration.urls, display: display)
        for (page, html) in redirects.pages { site.files[page] = Data(html.utf8) }
        report.diagnostics += redirects.diagnostics
        let htmlPages = site.files.keys.filter { $0.hasSuffix(".html") && redirects.pages[$0] == nil }
        if let baseURL = configuration.baseURL {
            site.files["sitemap.xml"] = Sitemap.xml(pages: htmlPages, baseURL: baseURL)
            site.files["feed.xml"] = feed
        }
        report.pageCount = htmlPages.count
        report.noteCount = notes.count
        report.pagePaths = htmlPages.sorted()
        _ = report.lap("pages, listings, search index, feeds", since: stage)
        return (site, report)
    }

    /// Each note's page: its `permalink` when it has one; the home page is `index.md`, else
    /// `Home.md`, at the vault's root (any case); else the path mirroring its folder.
    static func pagePaths(for notes: [SourceNote], style: URLStyle) -> [String: String] {
        let paths = notes.map(\.path)
        let home =
            paths.first { $0.lowercased() == "index.md" } ?? paths.first { $0.lowercased() == "home.md" }
        return Dictionary(
            uniqueKeysWithValues: notes.map { note in
                if let permalink = note.document.frontMatter?.permalink,
                    let page = style.pagePath(permalink: permalink)
                {
                    return (note.path, page)
                }
                return (note.path, note.path == home ? "index.html" : style.pagePath(forNote: note.path))
            })
    }

    static func loadConfiguration(_ vault: URL, display: DisplayPaths) -> (SiteConfiguration, [Diagnostic]) {
        let url = vault.appendingPathComponent(SiteConfiguration.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return (SiteConfiguration(), []) }
        let name = display.name(SiteConfiguration.fileName)
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            return (
                SiteConfiguration(),
                [.error("cannot read as UTF-8 text", at: .init(file: name, line: 1, column: 1))]
            )
        }
        return SiteConfiguration.parse(text, file: name)
    }

    /// Two notes whose pages would land on the same path (`A b.md` and `a-b.md`) cannot both be published.
    static func duplicatePages(_ notes: [ParsedNote], display: DisplayPaths) -> [Diagnostic] {
        let byPage = Dictionary(grouping: notes, by: \.pagePath)
        return byPage.values.filter { $0.count > 1 }.map { clash in
            let names = clash.map { "'\($0.path)'" }.joined(separator: " and ")
            return .error(
                "\(names) would both be published as '\(clash[0].pagePath)'; rename one",
                at: .init(file: display.name(clash[1].path), line: 1, column: 1))
        }
    }
}

/// How files are named in messages: relative to the working folder when the vault is inside it,
/// so editors and terminals can jump to `Site/guide/Images.md:12:3`.
struct DisplayPaths: Sendable {
    let prefix: String

    init(vault: URL) {
        let current = FileManager.default.currentDirectoryPath
        let path = vault.standardizedFileURL.path
        if path == current {
            prefix = ""
        } else if path.hasPrefix(current + "/") {
            prefix = String(path.dropFirst(current.count + 1)) + "/"
        } else {
            prefix = path + "/"
        }
    }

    func name(_ vaultPath: String) -> String { prefix + vaultPath }
}
