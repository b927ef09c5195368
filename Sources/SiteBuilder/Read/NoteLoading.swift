import ContentDigest
import Foundation
import MarkdownReader
import NoteModel

/// A note as read from disk and parsed, before anything it names is looked up in the vault.
/// Equal and hashed by path, name and text alone: the model and its problems follow from those.
/// A class: every stage passes thousands of notes around, and a copy is then one reference.
final class SourceNote: Sendable, Hashable {
    /// Vault-relative source path, e.g. `trips/Lisbon.md`.
    let path: String
    /// How messages name the file.
    let displayName: String
    /// The note's text, well-formed UTF-8 (bad bytes repaired): bytes, as every stage reads it.
    let utf8: [UInt8]
    let document: NoteDocument
    let diagnostics: [Diagnostic]
    /// The digest of name and text, made once when the note is parsed: every later key (resolve,
    /// pages, listings) hashes this rather than the whole text again on each rebuild.
    let key: ContentKey
    /// What `[[Note#Heading]]` and `[[Note#^id]]` can name in this note, found once.
    let outline: NoteOutline
    let outlineKey: ContentKey
    /// Front matter tags, then inline `#tags`, each once (found when parsed: listings ask often).
    let tags: [String]
    /// Whether the note has math or a Mermaid diagram, found once (Pages asks every note on each save).
    let hasMath: Bool
    let hasDiagram: Bool
    /// Whether the page shows a base (its own, or a ```` ```base ```` block): it lists every note.
    let showsBase: Bool
    /// What the page shows besides the document: nothing for a note; a board's nodes and edges.
    let content: PageContent
    /// What public pages see of a protected note (``Protection/stub(for:)``): kept out of the
    /// search index and the sitemap, embedded as a locked placeholder.
    let isProtectedStub: Bool

    init(
        path: String, displayName: String, utf8: [UInt8], document: NoteDocument, diagnostics: [Diagnostic],
        content: PageContent = .markdown, isProtectedStub: Bool = false
    ) {
        self.isProtectedStub = isProtectedStub
        self.path = path
        self.displayName = displayName
        self.utf8 = utf8
        self.document = document
        self.diagnostics = diagnostics
        self.content = content
        var hasher = Hasher()
        hasher.combine(displayName)
        if case .canvas(let page) = content { hasher.combine(page) }
        if case .base(let page) = content { hasher.combine(page) }
        // Byte for byte: `String`'s own hash normalizes, slower and looser than what makes a page.
        hasher.combine(utf8.count)
        hasher.combine(BulkDigest.of(utf8.span.bytes))
        key = ContentKey(digest: hasher.finalize())
        outline = NoteOutline(document: document, utf8: utf8)
        outlineKey = ContentKey(outline)
        tags = Self.tags(of: document)
        title = Self.title(of: document, path: path, kind: content.kind)
        hasMath = SiteScripts.hasMath(document)
        hasDiagram = SiteScripts.hasDiagram(document)
        showsBase = Self.showsBase(document, content: content)
    }

    static func == (a: SourceNote, b: SourceNote) -> Bool {
        a === b
            || a.key == b.key && a.path == b.path && a.displayName == b.displayName
                && a.utf8 == b.utf8 && a.content == b.content
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(key)
    }

    /// `draft: true` or `publish: false` keeps a note out of everything.
    var isPublished: Bool {
        document.frontMatter?.draft != true && document.frontMatter?.publish != false
    }

    /// The front matter's `title`, else the first `#` heading, else the file name (found once:
    /// every listing, link and preview asks).
    let title: String

    private static func title(of document: NoteDocument, path: String, kind: PageKind) -> String {
        // A board is called by its file name, as Obsidian shows it. The name is found only when
        // needed: splitting every note's path was a visible part of reading a vault.
        let name = { path.split(separator: "/").last.map(String.init) ?? path }
        guard kind == .note else { return PageKind.stem(of: name()) }
        if let title = document.frontMatter?.title, !title.isEmpty { return title }
        if let title = document.title, !title.isEmpty { return title }
        return String(name().dropLast(".md".count))
    }

    /// Front matter tags, then inline `#tags`, each once (tags compare without case).
    static func tags(of document: NoteDocument) -> [String] {
        var seen: Set<String> = []
        return ((document.frontMatter?.tags ?? []) + document.inlineTags).filter {
            !$0.isEmpty && seen.insert($0.lowercased()).inserted
        }
    }
}

/// A published note with everything it names looked up: ready to become a page. `Hashable` over
/// all of it, so a page is made again exactly when something it shows changed (``PageStage``).
/// A class, like ``SourceNote``, so passing it around copies one reference.
final class ResolvedNote: Sendable, Hashable {
    let source: SourceNote
    /// What Resolve found for the note. One value, hashed whole: a new kind of finding is a field
    /// of ``Resolution`` and so part of ``key`` and `==` without anyone listing it.
    let resolution: Resolution
    /// The digest of the note and its resolution, made once: pages, previews and listings key on
    /// every note in each rebuild, and hashing each note's links again was most of what a save cost.
    let key: ContentKey

    /// Everything looked up for one note in the vault.
    struct Resolution: Sendable, Hashable {
        /// Site-relative page path, e.g. `trips/lisbon.html`.
        var pagePath: String
        /// Where each of `document.imageAttachments` points, in the same order.
        var images: [ImageTarget]
        /// Links and embeds: hrefs, the notes they name, files to publish.
        var links: NoteLinks.Resolved
        var diagnostics: [Diagnostic]
        /// The note's `image` or `cover` property, looked up: its link-card picture.
        var cover: CoverImage? = nil
        /// Created and updated, from front matter, git or the file (``NoteDates``).
        var dates = NoteDates()
    }

    init(source: SourceNote, resolution: Resolution) {
        self.source = source
        self.resolution = resolution
        key = ContentKey(source, resolution)
    }

    static func == (a: ResolvedNote, b: ResolvedNote) -> Bool {
        a === b || (a.key == b.key && a.source == b.source && a.resolution == b.resolution)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(key)
    }

    var path: String { source.path }
    var title: String { source.title }
    var document: NoteDocument { source.document }
    var pagePath: String { resolution.pagePath }
    var images: [ImageTarget] { resolution.images }
    var cover: CoverImage? { resolution.cover }
    var links: NoteLinks.Resolved { resolution.links }
    var diagnostics: [Diagnostic] { resolution.diagnostics }
    var dates: NoteDates { resolution.dates }
}

/// What a page shows besides its document, by its kind (``PageKind``).
enum PageContent: Sendable, Hashable {
    /// A Markdown note: the document is the page.
    case markdown
    /// A board: its nodes and edges, drawn from the document's parts.
    case canvas(CanvasPage)
    /// A base: its views, evaluated over every note when the page is made.
    case base(BasePage)

    var kind: PageKind {
        switch self {
        case .markdown: .note
        case .canvas: .canvas
        case .base: .base
        }
    }
}

/// An image attachment after lookup in the vault.
enum ImageTarget: Sendable, Hashable {
    /// A vault file, by vault-relative path.
    case file(String)
    /// A URL the page loads itself; never fetched at build time.
    case remote
    /// Not found or not allowed; already reported.
    case unresolved
}

enum NoteLoading {
    /// Reads one note and parses its bytes (`parse`: ``parse(_:bytes:displayName:)``, or a note an
    /// earlier build parsed from the same bytes). A file that is not UTF-8 is reported at its first
    /// bad byte and still built, with U+FFFD in place of the bad bytes, so nothing else of it is lost.
    static func read(
        _ path: String, from vault: Vault, displayName: String,
        parse: (Data) -> SourceNote
    ) -> SourceNote {
        let data: Data
        do {
            data = try vault.contents(of: path)
        } catch {
            let place = SourceLocation(file: displayName, line: 1, column: 1)
            let failed = Self.parse(path, bytes: [], displayName: displayName)
            return SourceNote(
                path: path, displayName: displayName, utf8: [], document: failed.document,
                diagnostics: [.error("cannot read note: \(error.localizedDescription)", at: place)])
        }
        return parse(data)
    }

    /// ``read(_:from:displayName:parse:)`` with the bytes parsed.
    static func read(_ path: String, from vault: Vault, displayName: String) -> SourceNote {
        read(path, from: vault, displayName: displayName) {
            parse(path, bytes: Array($0), displayName: displayName)
        }
    }

    /// Parses a page's bytes: a note's with Obsidian's syntax, a board's as JSON Canvas.
    static func parse(_ path: String, bytes: [UInt8], displayName: String) -> SourceNote {
        switch PageKind.of(path) {
        case .canvas: return CanvasPage.source(path, bytes: bytes, displayName: displayName)
        case .base: return BasePage.source(path, bytes: bytes, displayName: displayName)
        case .note, nil: break
        }
        var diagnostics: [Diagnostic] = []
        var utf8 = bytes
        // The text stays bytes; only a note with bad bytes is decoded, which repairs them.
        if !UTF8Validation.isValid(bytes) {
            utf8 = Array(String(decoding: bytes, as: UTF8.self).utf8)
            if let bad = firstInvalidUTF8(in: bytes) {
                diagnostics.append(
                    .error(
                        String(
                            format: "not valid UTF-8 (byte 0x%02X at offset %d); save the file as UTF-8",
                            bad.byte,
                            bad.offset),
                        at: .init(file: displayName, line: bad.line, column: bad.column)))
            }
        }
        let document = MarkdownReader.read(
            utf8: utf8, file: displayName, options: ReaderOptions(syntax: .obsidian))
        return SourceNote(
            path: path, displayName: displayName, utf8: utf8, document: document,
            diagnostics: diagnostics + document.diagnostics)
    }

    /// Looks up everything a published note names.
    static func link(_ source: SourceNote, in site: LinkContext, times: FileTimes? = nil) -> ResolvedNote {
        var diagnostics = source.diagnostics
        let images = source.document.imageAttachments.map { image in
            target(of: image, in: source.path, resolver: site.resolver, diagnostics: &diagnostics)
        }
        let links = NoteLinks.resolve(source, in: site, diagnostics: &diagnostics)
        let cover = CoverImage.of(source, resolver: site.resolver, diagnostics: &diagnostics)
        if case .canvas(let page) = source.content {
            let found = diagnostics[source.diagnostics.count...]
            diagnostics = source.diagnostics + page.located(Array(found), file: source.displayName)
        }
        return ResolvedNote(
            source: source,
            resolution: .init(
                pagePath: site.pages[source.path] ?? Slug.pagePath(forNote: source.path), images: images,
                links: links, diagnostics: diagnostics, cover: cover,
                dates: NoteDates(front: source.document.frontMatter, file: times)))
    }

    /// Looks an image up in the vault; every way it can fail is reported at the image's place.
    static func target(
        of image: ImageAttachment, in notePath: String, resolver: Resolver, diagnostics: inout [Diagnostic]
    ) -> ImageTarget {
        guard case .local(let written) = ImageReference(destination: image.destination) else {
            return .remote
        }
        switch resolver.resolve(written, fromNote: notePath) {
        case .found(let file, let others):
            if !others.isEmpty {
                let names = ([file] + others).map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.append(
                    .warning(
                        "image '\(image.destination)' matches several files: \(names); using '\(file)'",
                        at: image.location))
            }
            return .file(file)
        case .notFound(let lookedFor):
            let places = lookedFor.joined(separator: ", ")
            diagnostics.append(
                .error(
                    "image '\(image.destination)' not found (looked for \(places), and by name in the vault)",
                    at: image.location))
            return .unresolved
        case .outsideVault:
            diagnostics.append(
                .error("image '\(image.destination)' is outside the vault", at: image.location))
            return .unresolved
        }
    }

    /// The line, column (in bytes, 1-based) and value of the first byte that breaks UTF-8.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int, byte: UInt8, offset: Int)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .error:
                // Placed as cmark and every other diagnostic place lines: by the one line table.
                let (line, column) = LineTable(bytes[..<offset]).position(of: offset)
                return (line, column, bytes[offset], offset)
            case .emptyInput:
                return nil
            }
        }
    }
}

/// What every note's links are looked up against: the published notes and files of the vault.
/// Its `key` is made from the notes' own keys, so a note's resolution is reused while it and this
/// stay the same (``ResolveStage``) without hashing the whole vault on each rebuild.
struct LinkContext: Sendable {
    let resolver: Resolver
    /// Every published note's page, by note path.
    let pages: [String: String]
    let style: URLStyle
    /// Whether raw HTML is trusted as written (`allow_html`); otherwise it is sanitized, and its
    /// links and media sources are resolved (``LinkResolution/authoredLinks()``).
    let allowHTML: Bool
    /// What `[[Note#Heading]]` and `[[Note#^id]]` can name, by note path.
    let outlines: [String: NoteOutline]
    /// Notes by alias without case (front matter `aliases`).
    let aliases: [String: String]
    /// Notes by their Quartz slug, for links written for Quartz.
    let quartz: QuartzSlugs
    /// Every folder that holds a published note, directly or deeper (`advanced`, `a/b`).
    let noteFolders: Set<String>
    /// Everything above, as a digest: the files, and each note's path, page, outline and aliases
    /// (the rest follows from those).
    let key: ContentKey

    init(
        notes: [SourceNote], files: [String], pages: [String: String], style: URLStyle,
        allowHTML: Bool = false
    ) {
        resolver = Resolver(paths: files + notes.map(\.path))
        self.allowHTML = allowHTML
        self.pages = pages
        self.style = style
        var outlines: [String: NoteOutline] = [:]
        var aliases: [String: String] = [:]
        for note in notes {
            outlines[note.path] = note.outline
            for alias in note.document.frontMatter?.aliases ?? [] where aliases[alias.lowercased()] == nil {
                aliases[alias.lowercased()] = note.path
            }
        }
        key = Self.key(notes: notes, files: files, pages: pages, style: style, allowHTML: allowHTML)
        self.outlines = outlines
        noteFolders = FolderPaths.holding(pages.keys)
        quartz = QuartzSlugs(notes: notes.map(\.path))
        self.aliases = aliases
    }

    /// The key of the context these inputs make (a cheap pass over the notes' own keys).
    private static func key(
        notes: [SourceNote], files: [String], pages: [String: String], style: URLStyle, allowHTML: Bool
    ) -> ContentKey {
        var hasher = Hasher()
        hasher.combine(files)
        hasher.combine(style)
        hasher.combine(allowHTML)
        for note in notes {
            hasher.combine(note.path)
            hasher.combine(pages[note.path])
            hasher.combine(note.outlineKey)
            hasher.combine(note.document.frontMatter?.aliases ?? [])
        }
        return ContentKey(digest: hasher.finalize())
    }
}
