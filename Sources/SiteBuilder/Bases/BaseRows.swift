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
    /// The clock of `now()` and `today()`: the build's start.
    let now: BaseDate

    init(_ notes: [ResolvedNote], now: Date = Date()) {
        rows = notes.map(Self.row)
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
        self.now = BaseDate(milliseconds: (now.timeIntervalSince1970 * 1000).rounded())
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
            links: links, properties: properties)
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
