import Bases
import ContentDigest
import Foundation
import NoteModel

/// The rows every base lists: one per published page, as Resolve found it. Made once a build, and
/// only when some page shows a base. Equal and hashed by ``key``, a digest of every note's
/// resolution: any note can enter or leave a base's rows, so a page that shows a base is made
/// again when any note changed (``PageSources``).
final class BaseRows: Sendable, Hashable {
    let rows: [BaseRow]
    /// The notes by vault path: a row's page, its first image for a card.
    let notes: [String: ResolvedNote]
    /// Vault paths by the names a link may give (`books/Dune`, `Dune.md`, `Dune`), shortest path first.
    let byName: [String: String]
    let key: ContentKey

    init(_ notes: [ResolvedNote]) {
        // `file.backlinks`: who links to each note, from every note's outgoing links.
        var backlinks: [String: [String]] = [:]
        for note in notes {
            var seen: Set<String> = []
            for link in note.links.outgoing
            where link.target != note.path && seen.insert(link.target).inserted {
                backlinks[link.target, default: []].append(note.path)
            }
        }
        rows = notes.map { note in
            var row = Self.row(note)
            row.backlinks = backlinks[note.path] ?? []
            return row
        }
        self.notes = Dictionary(notes.map { ($0.path, $0) }) { first, _ in first }
        var names: [String: String] = [:]
        for note in notes {
            let name = note.path.split(separator: "/").last.map(String.init) ?? note.path
            let stem = PageKind.stem(of: name)
            for written in [note.path, PageKind.stem(of: note.path), name, stem] {
                if let known = names[written], known.utf8.count <= note.path.utf8.count { continue }
                names[written] = note.path
            }
        }
        byName = names
        key = ContentKey(combining: notes.map(\.key))
    }

    static func == (a: BaseRows, b: BaseRows) -> Bool { a === b || a.key == b.key }
    func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// The row of a note: its path, size, created and updated dates (`file.ctime`, `file.mtime`:
    /// ``NoteDates``), tags, resolved outgoing links and front matter properties.
    static func row(_ note: ResolvedNote) -> BaseRow {
        let front = note.document.frontMatter
        let date = front?.date?.date.map {
            BaseDate(milliseconds: ($0.timeIntervalSince1970 * 1000).rounded())
        }
        var seen: Set<String> = []
        let links = note.links.outgoing.map(\.target).filter { seen.insert($0).inserted }
        var properties: [BaseEntry] = []
        if let front {
            if let title = front.title { properties.append(BaseEntry("title", .string(title))) }
            if let written = front.date {
                properties.append(BaseEntry("date", date.map(BaseValue.date) ?? .string(written.text)))
            }
            if !front.tags.isEmpty {
                properties.append(BaseEntry("tags", .list(front.tags.map(BaseValue.string))))
            }
            if !front.aliases.isEmpty {
                properties.append(BaseEntry("aliases", .list(front.aliases.map(BaseValue.string))))
            }
            if let description = front.description {
                properties.append(BaseEntry("description", .string(description)))
            }
            if let order = front.order { properties.append(BaseEntry("order", .number(order))) }
            properties += front.extra.map { BaseEntry($0.key, BaseValue(frontMatter: $0.value)) }
        }
        let moment = { (date: Date) in BaseDate(milliseconds: (date.timeIntervalSince1970 * 1000).rounded()) }
        return BaseRow(
            path: note.path, size: note.source.utf8.count, created: note.dates.created.map(moment) ?? date,
            modified: note.dates.updated.map(moment) ?? date,
            tags: note.source.tags,
            links: links, properties: properties, embeds: embeds(of: note))
    }

    /// `file.embeds`: the images the note shows (in order), then the notes and files it embeds (by path).
    static func embeds(of note: ResolvedNote) -> [String] {
        var seen: Set<String> = []
        var found: [String] = []
        for case .file(let path) in note.images where seen.insert(path).inserted { found.append(path) }
        let others = note.links.embeds.values.map { embed in
            switch embed {
            case .note(let path, _, _), .file(let path, _): path
            }
        }
        for path in others.sorted() where seen.insert(path).inserted { found.append(path) }
        return found
    }

    /// The row of a note that shows a base (`this`): the vault's own row when it is one of them.
    func row(for note: ResolvedNote) -> BaseRow {
        rows.first { $0.path == note.path } ?? Self.row(note)
    }

    /// The note a link's target names (`[[Dune]]`, `books/Dune.md`), or nil.
    func note(named target: String) -> ResolvedNote? {
        var name = target
        if name.hasPrefix("[["), name.hasSuffix("]]") { name = String(name.dropFirst(2).dropLast(2)) }
        if let bar = name.firstIndex(of: "|") { name = String(name[..<bar]) }
        if let hash = name.firstIndex(of: "#") { name = String(name[..<hash]) }
        if name.hasPrefix("/") { name.removeFirst() }
        return byName[name].flatMap { notes[$0] }
    }
}

extension SourceNote {
    /// Whether the page shows a base: a `.base` file, or a note with a ```` ```base ```` block.
    static func showsBase(_ document: NoteDocument, content: PageContent) -> Bool {
        if case .base = content { return true }
        return document.blocks.contains { block in
            guard case .codeBlock(let info, _) = block.kind else { return false }
            return BaseHTML.isBaseBlock(info)
        }
    }
}

/// The build's clock as bases see it. A page whose bases read it (``BaseFile/readsClock``) is
/// keyed by the build's day too, so a later day's build makes it again; no other page is.
struct BaseClock: Sendable {
    let now: BaseDate
    /// Days since 1970-01-01 in UTC, as bases' dates are.
    let day: Int

    init(_ date: Date) {
        now = BaseDate(milliseconds: (date.timeIntervalSince1970 * 1000).rounded())
        day = Int((date.timeIntervalSince1970 / 86400).rounded(.down))
    }

    /// The day, for the key of a page that shows a base reading the clock; nil for any other.
    func day(for sources: PageSources) -> Int? {
        guard sources.bases != nil else { return nil }
        return sources.shown.contains { $0.source.readsClock } ? day : nil
    }
}

extension SourceNote {
    /// Whether a base the page shows reads the clock: its own (a `.base` file), or a
    /// ```` ```base ```` block's.
    var readsClock: Bool {
        switch content {
        case .base(let page): return page.base.readsClock
        case .canvas: return false
        case .markdown:
            guard showsBase else { return false }
            return document.blocks.contains { block in
                guard case .codeBlock(let info, let text) = block.kind, BaseHTML.isBaseBlock(info) else {
                    return false
                }
                return BaseFile.parse(text, file: displayName).readsClock
            }
        }
    }
}
