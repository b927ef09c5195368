import Foundation
import NoteModel

/// Resolves one note's links and embeds (see ``NoteLinks``).
struct LinkResolution {
    let note: SourceNote
    let site: LinkContext
    let pagePath: String
    /// The note's folder (`""` at the root), found at its first link for all the others.
    private var foundNoteFolder: String?
    var resolved = NoteLinks.Resolved()
    var diagnostics: [Diagnostic] = []
    private var linkedFrom: [Int: Set<String>] = [:]
    /// Each linking block's excerpt, made once: a paragraph with many links is one string.
    private var contexts: [Int: String] = [:]
    /// Markdown link destinations reported as finding nothing, and those found, by destination.
    private var reportedDestinations: Set<String> = []
    private var linkTargets: [String: String] = [:]

    init(note: SourceNote, site: LinkContext) {
        self.note = note
        self.site = site
        pagePath = site.pages[note.path] ?? Slug.pagePath(forNote: note.path)
    }

    private mutating func noteFolder() -> String {
        if let foundNoteFolder { return foundNoteFolder }
        let folder = FolderPaths.folder(of: note.path).map(String.init) ?? ""
        foundNoteFolder = folder
        return folder
    }

    /// `[text](Other.md#part)` and `[text](files/report.pdf)`.
    mutating func markdownLinks() {
        // In place, and with the work in its own function: a block's text copied out of the
        // array (as the compiler did while the loop held all the work) is a retain and release of
        // each of its parts, and so is a span (most are not links).
        let allBlocks = note.document.blocks
        let blocks = allBlocks.span
        for index in blocks.indices {
            guard let spans = blocks[index].content?.spans else { continue }
            for spanIndex in spans.indices {
                guard case .link(let destination, _) = spans[spanIndex].kind else { continue }
                markdownLink(destination, at: spans[spanIndex].range, inBlock: index)
            }
        }
    }

    /// `<a href="Other.md">` and the local sources of `<video>`, `<audio>`, `<source>` and
    /// `<track>` in the note's raw HTML, when it is sanitized (without `allow_html`): resolved as
    /// Markdown links are, so they count as links and backlinks and their files are published.
    mutating func authoredLinks() {
        guard !site.allowHTML else { return }
        for (url, block, location) in note.document.authoredURLs(file: note.displayName) {
            let what = url.element == "a" ? "link to" : "<\(url.element)> \(url.attribute)"
            markdownLink(url.value, at: nil, location: location, inBlock: block, what: what)
        }
    }

    private mutating func markdownLink(_ destination: String, at range: SourceRange?, inBlock index: Int) {
        markdownLink(destination, at: range, location: nil, inBlock: index, what: "link to")
    }

    /// `what` names the reference in a message: `link to`, or `<video> src` for a media source.
    private mutating func markdownLink(
        _ destination: String, at range: SourceRange?, location: SourceLocation?, inBlock index: Int,
        what: String
    ) {
        guard !Self.isInPage(destination), !reportedDestinations.contains(destination),
            case .local(let written) = ImageReference(destination: destination),
            !written.isEmpty, !written.hasSuffix("/")
        else { return }
        let isNote = PageKind.of(written) != nil
        if let target = linkTargets[destination] {
            if isNote { addBacklink(to: target, fromBlock: index) }
            return
        }
        let fragment = Self.fragment(of: destination)
        guard case .found(let found, _) = site.resolver.resolve(written, inFolder: noteFolder()),
            let page = isNote ? site.pages[found] : NoteLinks.attachmentPath(for: found)
        else {
            reportedDestinations.insert(destination)
            if !isNote, let folder = folderPage(written: written) {
                resolved.hrefs[destination] = site.style.href(from: pagePath, to: folder) + fragment
                return
            }
            let place =
                location ?? range?.location(in: note.displayName)
                ?? note.document.blocks[index].location(in: note.displayName)
            let found = isNote ? "no published note" : "no file"
            diagnostics.append(.warning("\(what) '\(destination)' finds \(found) in the vault", at: place))
            return
        }
        linkTargets[destination] = found
        resolved.hrefs[destination] =
            site.style.href(from: pagePath, to: page) + (isNote ? anchor(fragment, in: found) : fragment)
        if isNote {
            addBacklink(to: found, fromBlock: index)
        } else {
            resolved.attachments.insert(found)
        }
    }

    /// Whether a destination is only a fragment (`#Heading`), a place in the page itself: the
    /// path `ImageReference` finds in it is empty. Read from its first two bytes: a `#` with ASCII
    /// (or nothing) after it is a Character of its own.
    static func isInPage(_ destination: String) -> Bool {
        var bytes = destination.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "#") else { return false }
        return bytes.next().map { $0 < 0x80 } ?? true
    }

    /// The destination's fragment from its first `#` Character on, `""` without one; by bytes
    /// when ASCII (searching by Characters cost six thousand instructions a link).
    static func fragment(of destination: String) -> String {
        let utf8 = destination.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return destination.firstIndex(of: "#").map { String(destination[$0...]) } ?? ""
        }
        return utf8.firstIndex(of: UInt8(ascii: "#")).map { String(destination[$0...]) } ?? ""
    }

    /// A Markdown link's `#Heading%20text` (as Obsidian writes it) as the heading's id, when the
    /// note has it; otherwise as written.
    private func anchor(_ fragment: String, in target: String) -> String {
        let written = String(fragment.dropFirst())
        guard !written.isEmpty,
            // Decoded only where a `%` is: Foundation's decoding cost some four hundred thousand
            // instructions a fragment, and without one gives it back as it is.
            let id = site.outlines[target]?.find(
                written.utf8.contains(UInt8(ascii: "%"))
                    ? written.removingPercentEncoding ?? written : written)?.id
        else { return fragment }
        return "#" + id
    }

    /// `[[Note]]`, `[[Note#Heading|shown]]`, `[[#Heading]]`, and embeds `![[Note]]`, `![[file.pdf]]`.
    mutating func wikilinks() {
        let allBlocks = note.document.blocks
        let blocks = allBlocks.span
        for index in blocks.indices {
            guard let spans = blocks[index].content?.spans else { continue }
            for spanIndex in spans.indices {
                switch spans[spanIndex].kind {
                case .wikilink(let link): wikilink(link, inBlock: index)
                case .embed(let link): embed(link, inBlock: index)
                default: continue
                }
            }
        }
    }

    private mutating func wikilink(_ link: WikiLink, inBlock block: Int) {
        if let target = resolveWikilink(link) { addBacklink(to: target, fromBlock: block) }
    }

    /// Finds a wikilink's href (once per target and fragment); the linked note's path when it
    /// links a note for the first time, for its backlinks.
    mutating func resolveWikilink(_ link: WikiLink) -> String? {
        let key = NoteLinks.key(link.target, link.fragment)
        if resolved.wikiHrefs[key] != nil { return nil }
        if let folder = folderPage(link) {
            resolved.wikiHrefs[key] = site.style.href(from: pagePath, to: folder)
            return nil
        }
        guard let target = find(link) else { return nil }
        if let page = site.pages[target] {
            let anchor = fragment(link, in: target)?.id
            let href = target == note.path && anchor != nil ? "" : site.style.href(from: pagePath, to: page)
            resolved.wikiHrefs[key] = href + (anchor.map { "#" + $0 } ?? "")
            return target
        }
        resolved.attachments.insert(target)
        resolved.wikiHrefs[key] = site.style.href(from: pagePath, to: NoteLinks.attachmentPath(for: target))
        return nil
    }

    private mutating func embed(_ link: WikiLink, inBlock block: Int) {
        let key = NoteLinks.key(link.target, link.fragment)
        if resolved.embeds[key] != nil { return }
        guard let target = find(link) else { return }
        if site.pages[target] != nil {
            let section = fragment(link, in: target)?.block
            resolved.embeds[key] = .note(path: target, heading: link.fragment, block: section)
            addBacklink(to: target, fromBlock: block)
        } else {
            resolved.attachments.insert(target)
            let href = site.style.href(from: pagePath, to: NoteLinks.attachmentPath(for: target))
            resolved.embeds[key] = .file(path: target, href: href)
        }
    }

    /// The note or file a wikilink names: a target without an extension is a note
    /// (`[[Trip]]` is `Trip.md`), found by path, by name, then by alias, then as Quartz would.
    private mutating func find(_ link: WikiLink) -> String? {
        if link.target.isEmpty { return note.path }
        let hasExtension = Self.hasExtension(link.target)
        let written = hasExtension ? link.target : link.target + ".md"
        if case .found(let found, let others) = site.resolver.resolve(written, inFolder: noteFolder()),
            !found.lowercased().hasSuffix(".md") || site.pages[found] != nil
        {
            if !others.isEmpty {
                let names = ([found] + others).map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.append(
                    .warning(
                        "'[[\(link.target)]]' matches several files: \(names); using '\(found)'",
                        at: link.location))
            }
            return found
        }
        if let aliased = site.aliases[link.target.lowercased()] { return aliased }
        if let slugged = site.quartz.note(for: link.target), site.pages[slugged] != nil { return slugged }
        let what = link.isEmbed ? "embed" : "link"
        let kind = hasExtension && !written.lowercased().hasSuffix(".md") ? "file" : "published note"
        diagnostics.append(
            .warning("\(what) '[[\(link.target)]]' finds no \(kind) in the vault", at: link.location))
        return nil
    }

    /// Whether the last part of a wikilink's target (``Resolver/lastPart(_:)``) has a `.` byte
    /// (`[[report.pdf]]`).
    static func hasExtension(_ target: String) -> Bool {
        Resolver.lastPart(target).utf8.contains(UInt8(ascii: "."))
    }

    /// The heading or block a link's fragment names in the target note (see ``NoteOutline``).
    /// Nil without a fragment; one that finds nothing is reported and links to the note.
    private mutating func fragment(_ link: WikiLink, in target: String) -> NoteOutline.Target? {
        guard let fragment = link.fragment, !fragment.isEmpty else { return nil }
        if let found = site.outlines[target]?.find(fragment) { return found }
        let what = fragment.hasPrefix("^") ? "block" : "heading"
        let written = "[[\(link.target)#\(fragment)]]"
        diagnostics.append(
            .warning(
                "\(link.isEmbed ? "embed" : "link") '\(written)' finds no \(what) '\(fragment)' there",
                at: link.location))
        return nil
    }

    /// A folder's page for a link to a folder that holds published notes (`[[advanced/]]`,
    /// `[features](./features)`), as Quartz links them, when no note has that name.
    private mutating func folderPage(_ link: WikiLink) -> String? {
        guard !link.isEmbed, link.fragment == nil, link.target.hasSuffix("/"),
            site.quartz.note(for: link.target) == nil
        else { return nil }
        return folderPage(written: link.target)
    }

    private mutating func folderPage(written: String) -> String? {
        let ownFolder = noteFolder()
        let trimmed = written.hasSuffix("/") ? String(written.dropLast()) : written
        let places = [
            Resolver.normalize(trimmed, under: written.hasPrefix("/") ? "" : ownFolder),
            Resolver.normalize(trimmed, under: ""),
        ]
        for case let folder? in places where !folder.isEmpty {
            if site.noteFolders.contains(folder) {
                return FolderListing.pagePath(forFolder: folder)
            }
        }
        return nil
    }

    private mutating func addBacklink(to target: String, fromBlock block: Int) {
        guard target != note.path, linkedFrom[block, default: []].insert(target).inserted else { return }
        // An HTML block (a link in raw HTML) has no text of the note's to show around it.
        let context =
            contexts[block] ?? note.document.blocks[block].content.map {
                Backlinks.excerpt(note.document.plainText(of: $0))
            } ?? ""
        contexts[block] = context
        resolved.outgoing.append(.init(target: target, context: context))
    }
}
