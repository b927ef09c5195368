import Foundation
import Mustache
import NoteModel

/// Puts notes and listings into the theme's templates. Every page gets `site`, `root` (the relative
/// way back to the site's root, so the site works from any sub-path and from `file://`) and `generator`.
struct ThemeRendering: Sendable {
    static let generator = "notesite \(NotesiteVersion.current)"

    let library: TemplateLibrary
    /// The `site` values, and their record (``TemplateLibrary/recorded(_:)``) that every page reads.
    private var siteMembers: [String: TemplateValue]
    private(set) var site: TemplateValue
    let baseURL: String?
    let siteTitle: String
    let urls: URLStyle
    /// Canonical URL, Open Graph and Twitter card values; nil without `base_url`.
    let head: HeadMetadata?
    /// The `favicon` setting's site path and type; nil: the theme's inline icon.
    let favicon: (path: String, type: String)?
    /// The `properties` setting: whether note pages show their front matter properties.
    let showProperties: Bool
    /// The `recently_updated` setting: how many notes the home page lists by their updated date.
    let recentlyUpdated: Int

    let theme: Theme
    /// The interface's words in the site's language; templates read them as `strings.<key>`.
    let strings: InterfaceStrings
    /// ``strings`` as the templates see them, made once.
    private let stringsValue: TemplateValue
    /// Where a note page's values go, and the values every note page shares (`site`, `generator`).
    let pageSlots: PageSlots
    private(set) var pageBase: TemplateContext
    /// The breadcrumbs' values, made once for all the pages that show the same crumbs.
    let crumbCache = CrumbValues()
    /// Pages rendered by earlier builds in this process, reused when their values are the same.
    var remembered: StageCache<Result<String, TemplateError>>?

    init(
        _ theme: Theme, configuration: SiteConfiguration, siteTitle: String,
        strings: InterfaceStrings = .english
    ) throws(TemplateError) {
        self.theme = theme
        library = try TemplateLibrary(sources: theme.templates)
        self.strings = strings
        var words = strings.values.mapValues(TemplateValue.string)
        words["made_with"] = .string(strings.text("made_with", ["generator": Self.generator]))
        stringsValue = library.recorded(.object(words))
        var site: [String: TemplateValue] = [
            "title": .string(siteTitle), "language": .string(configuration.language),
            "rtl": .bool(strings.isRightToLeft),
        ]
        site["description"] = configuration.description.map(TemplateValue.string)
        site["author"] = configuration.author.map(TemplateValue.string)
        site["baseURL"] = configuration.baseURL.map(TemplateValue.string)
        site["linkPreviews"] = .bool(configuration.linkPreviews)
        site["graph"] = configuration.graph.templateValue
        site["search"] = .bool(configuration.search)
        siteMembers = site
        self.site = library.recorded(.object(site))
        pageSlots = PageSlots(library)
        pageBase = library.context()
        pageBase.set(pageSlots.site, self.site)
        pageBase.set(pageSlots.generator, .string(Self.generator))
        pageBase.set(pageSlots.strings, stringsValue)
        baseURL = configuration.baseURL
        self.siteTitle = siteTitle
        urls = configuration.urls
        showProperties = configuration.showProperties
        recentlyUpdated = configuration.recentlyUpdated
        favicon = configuration.favicon.flatMap { path in
            Favicon.mimeType(of: path).map { (Favicon.sitePath(of: path), $0) }
        }
        head = configuration.baseURL.map {
            HeadMetadata(
                baseURL: $0, urls: configuration.urls, siteTitle: siteTitle,
                siteDescription: configuration.description)
        }
    }

    /// The same theme, knowing what the whole site has: the header links tags only when there are
    /// some, and the head names the feed only when there is one.
    func knowing(hasTags: Bool, hasFeed: Bool) -> ThemeRendering {
        var copy = self
        copy.siteMembers["hasTags"] = .bool(hasTags)
        copy.siteMembers["hasFeed"] = .bool(hasFeed)
        copy.site = library.recorded(.object(copy.siteMembers))
        copy.pageBase.set(pageSlots.site, copy.site)
        return copy
    }

    /// Static files (CSS, scripts) written under `assets/`, in a stable order.
    var assets: [(name: String, bytes: [UInt8])] {
        theme.assets.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    func page(
        for note: ResolvedNote, body: [UInt8], backlinks: [Backlinks.Entry],
        features: PageFeatures = PageFeatures(), image: HeadMetadata.Image? = nil,
        explorer: ExplorerPageView? = nil
    ) throws(TemplateError) -> [UInt8] {
        let slots = pageSlots
        // The values of the page's `.object` (see ``context(for:_:)``), set by slot on what every
        // page shares: the same page, without a dictionary made and hashed per page.
        var context = pageBase
        let (linking, toc, tags) = lists(for: note, backlinks: backlinks)
        context.set(slots.title, .string(note.title))
        // As bytes: the page's HTML is not made a string only to be copied into the page.
        if let slot = slots.body { context.setUTF8(slot, body) }
        // A protected note's file name is not shown (under `opaque_urls` it is nowhere).
        context.set(slots.path, features.protected ? nil : .string(note.path))
        context.set(slots.backlinks, .array(linking))
        context.set(slots.hasBacklinks, .bool(!linking.isEmpty))
        context.set(slots.toc, .array(toc))
        context.set(slots.hasToc, .bool(!toc.isEmpty))
        context.set(slots.tags, .array(tags))
        context.set(slots.hasTags, .bool(!tags.isEmpty))
        context.set(slots.hasCode, .bool(features.code))
        context.set(slots.hasMath, .bool(features.math))
        context.set(slots.hasDiagrams, .bool(features.diagrams))
        context.set(slots.hasVideo, .bool(features.video))
        context.set(slots.hasCanvas, .bool(features.canvas))
        context.set(slots.hasBases, .bool(features.bases))
        context.set(slots.protected, .bool(features.protected))
        let front = note.document.frontMatter
        // The front matter's, else the first paragraph's words: every note describes itself.
        let description = note.summary(limit: 160)
        context.set(slots.description, description.isEmpty ? nil : .string(description))
        context.set(
            slots.social,
            head?.values(
                pagePath: note.pagePath, title: note.title, description: description, article: true,
                image: image))
        context.set(slots.date, front?.date.map { .string($0.text) })
        let dates = note.dates
        context.set(slots.created, dates.created.map(dateValue))
        // Shown only when it says more than the created date.
        context.set(
            slots.updated,
            dates.updated.flatMap { updated in
                dates.created.map { strings.date($0) }
                    == strings.date(updated) ? nil : dateValue(updated)
            })
        context.set(
            slots.cssclasses,
            note.source.content.kind == .canvas
                ? .string("canvas-page") : front.map { .string($0.cssclasses.joined(separator: " ")) })
        context.set(slots.meta, front.map { FrontMatterValues.object($0) })
        context.set(
            slots.properties,
            showProperties
                ? PropertiesView.html(for: note, label: strings["properties"]).map(TemplateValue.string) : nil
        )
        if let explorer { setExplorerValues(explorer, page: note.pagePath, in: &context) }
        let root = Slug.rootPrefix(forPage: note.pagePath)
        context.set(slots.root, .string(root))
        context.set(slots.icon, icon(root: root))
        // Pages are remembered by their stage (``PageStage``), by a key of what they show.
        // The body and the explorer's list are most of a page; the theme's own markup fits in 16 KB.
        let capacity = body.count + (explorer?.list?.utf8.count ?? 0) + 16_384
        return try library.renderBytes("page", with: context, capacity: capacity)
    }

    /// A date as the theme shows it: `datetime` for the `<time>` element and the visible `text`.
    func dateValue(_ date: Date) -> TemplateValue {
        library.recorded(
            .object([
                "datetime": .string(DateText.machine(date)),
                "text": .string(strings.date(date)),
            ]))
    }

    /// A note page's backlinks, table of contents and tags, as records: their members are read by
    /// number, not hashed by name to make and to read.
    private func lists(for note: ResolvedNote, backlinks: [Backlinks.Entry]) -> (
        backlinks: [TemplateValue], toc: [TemplateValue], tags: [TemplateValue]
    ) {
        let slots = pageSlots
        let linking = backlinks.map { entry -> TemplateValue in
            library.record([
                (slots.title, .string(entry.source.title)), (slots.context, .string(entry.context)),
                (slots.url, .string(urls.href(from: note.pagePath, to: entry.source.pagePath))),
            ])
        }
        // A board's headings are scattered over its plane: it has no table of contents.
        let headings = note.source.content.kind == .canvas ? [] : note.document.headings(levels: 2...4)
        let toc = headings.compactMap { heading -> TemplateValue? in
            guard let id = heading.id else { return nil }
            return library.record([
                (slots.level, .int(heading.level)), (slots.text, .string(heading.text)),
                (slots.id, .string(id)),
            ])
        }
        let tags = note.source.tags.map { tag -> TemplateValue in
            library.record([
                (slots.name, .string(tag)),
                (slots.url, .string(urls.href(from: note.pagePath, to: TagPages.pagePath(for: tag)))),
            ])
        }
        return (linking, toc, tags)
    }

    /// `tags.html`: every tag with its number of notes.
    func tagIndex(_ tags: TagPages) throws(TemplateError) -> String {
        let list = tags.tags.map { tag -> TemplateValue in
            [
                "name": .string(tag.name), "url": .string(urls.href(from: "tags.html", to: tag.pagePath)),
                "count": .int(tag.notes.count),
            ]
        }
        return try render(
            "tags", at: "tags.html",
            ["title": .string(strings["tags"]), "tags": .array(list), "hasTags": .bool(!list.isEmpty)])
    }

    /// One tag's page: the notes tagged with it.
    func tag(_ tag: TagPages.Tag) throws(TemplateError) -> String {
        try render(
            "tag", at: tag.pagePath,
            [
                "title": .string("#" + tag.name), "name": .string(tag.name),
                "notes": entries(tag.notes, from: tag.pagePath),
            ])
    }

    /// The home page when the vault has no `index.md` or `Home.md`: every note, and the top folders.
    func home(
        _ listing: FolderListing, allNotes: [ResolvedNote], explorer: ExplorerPageView? = nil
    ) throws(TemplateError) -> String {
        let sorted = allNotes.sorted(byKey: TitleOrder.init)
        // The newest notes by front matter `date` (never by file times, which differ per machine).
        let recent = allNotes.compactMap { note in note.document.frontMatter?.date?.date.map { (note, $0) } }
            .sorted { ($0.1, $1.0.path) > ($1.1, $0.0.path) }.prefix(10)
        let links = PageLinks(from: listing.pagePath, urls: urls)
        let recentEntries = recent.map { note, _ -> TemplateValue in
            library.record([
                (pageSlots.title, .string(note.title)), (pageSlots.path, .string(note.path)),
                (pageSlots.url, .string(links.href(to: note.pagePath))),
                (pageSlots.date, .string(note.document.frontMatter?.date?.text ?? "")),
            ])
        }
        // The notes last updated (by git, front matter or file time), newest first.
        let updated =
            recentlyUpdated == 0
            ? []
            : allNotes.compactMap { note in note.dates.updated.map { (note, $0) } }
                .sorted { ($0.1, $1.0.path) > ($1.1, $0.0.path) }.prefix(recentlyUpdated)
        let updatedEntries = updated.map { note, date -> TemplateValue in
            library.recorded(
                .object([
                    "title": .string(note.title), "path": .string(note.path),
                    "url": .string(links.href(to: note.pagePath)), "updated": dateValue(date),
                ]))
        }
        var values: [String: TemplateValue] = [
            "notes": entries(sorted, from: listing.pagePath), "folders": folders(listing),
            "recent": .array(recentEntries), "hasRecent": .bool(!recentEntries.isEmpty),
            "recentlyUpdated": .array(updatedEntries), "hasRecentlyUpdated": .bool(!updatedEntries.isEmpty),
            "listsRecent": .bool(!recentEntries.isEmpty || !updatedEntries.isEmpty),
        ]
        if let explorer { values.merge(explorerValues(explorer, page: listing.pagePath)) { _, new in new } }
        return try render("index", at: listing.pagePath, values)
    }

    func folder(_ listing: FolderListing, explorer: ExplorerPageView? = nil) throws(TemplateError) -> String {
        var values: [String: TemplateValue] = [
            "title": .string(listing.name ?? ""), "notes": entries(listing.notes, from: listing.pagePath),
            "folders": folders(listing),
        ]
        if let explorer { values.merge(explorerValues(explorer, page: listing.pagePath)) { _, new in new } }
        return try render("folder", at: listing.pagePath, values)
    }

    /// Served by hosts for any missing path, so it cannot rely on relative links: its style is
    /// inline and its home link uses `base_url` when there is one.
    func notFound() throws(TemplateError) -> String {
        let css = theme.assets["style.css"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        return try render(
            "not-found", at: "404.html",
            ["css": .string(css), "home": .string(baseURL ?? "/"), "icon": icon(root: baseURL ?? "/")])
    }

    func render(_ template: String, at pagePath: String, _ values: [String: TemplateValue])
        throws(TemplateError) -> String
    {
        let values = context(for: pagePath, values)
        guard let remembered else { return try library.render(template, with: values) }
        // The same template with the same values and templates makes the same page.
        let key = ContentKey(template, values, theme.templates)
        return try remembered.value(slot: pagePath, key: key) {
            Result { () throws(TemplateError) in try library.render(template, with: values) }
        }.get()
    }

    /// A page's values with what every page gets: `site`, `root`, `generator`, `icon`, `social`.
    /// `values` is consumed: borrowed, adding to it copied and rehashed a page's whole dictionary.
    private func context(for pagePath: String, _ values: consuming [String: TemplateValue]) -> TemplateValue {
        var context = values
        context["site"] = site
        let root = Slug.rootPrefix(forPage: pagePath)
        context["root"] = .string(root)
        context["generator"] = .string(Self.generator)
        context["strings"] = stringsValue
        if context["icon"] == nil { context["icon"] = icon(root: root) }
        if context["social"] == nil, let head {
            var title = ""
            if case .string(let text)? = context["title"] { title = text }
            context["social"] = head.values(
                pagePath: pagePath, title: title, description: nil, article: false, image: nil)
        }
        return .object(context)
    }

    /// The `icon` partial's values: the favicon's link from a page at `root`; null for the
    /// theme's inline icon.
    private func icon(root: String) -> TemplateValue {
        guard let favicon else { return .null }
        return ["href": .string(root + favicon.path), "type": .string(favicon.type)]
    }

    /// Records, with the listing's links made from its page split once: a dictionary and a split
    /// page per entry were most of a listing of the whole site.
    private func entries(_ notes: [ResolvedNote], from pagePath: String) -> TemplateValue {
        let links = PageLinks(from: pagePath, urls: urls)
        return .array(
            notes.map { note in
                library.record([
                    (pageSlots.title, .string(note.title)), (pageSlots.path, .string(note.path)),
                    (pageSlots.url, .string(links.href(to: note.pagePath))),
                ])
            })
    }

    private func folders(_ listing: FolderListing) -> TemplateValue {
        let links = PageLinks(from: listing.pagePath, urls: urls)
        return .array(
            listing.folders.map { folder in
                library.record([
                    (pageSlots.name, .string(folder.name)),
                    (pageSlots.url, .string(links.href(to: folder.pagePath))),
                ])
            })
    }
}
