import Foundation
import NoteModel
import Synchronization

/// What one build can hand the next in the same process (`notesite serve`): every note as parsed,
/// by its bytes, so a rebuild parses only the notes whose files changed. The result is the same as
/// a fresh build's; only the work is less. Images have the rendition cache on disk for the same end.
public final class BuildMemory: Sendable {
    private struct Entry: Sendable {
        let bytes: Data
        let note: SourceNote
    }

    private struct Page: Sendable {
        let inputs: PageInputs
        let html: Data
        let diagnostics: [Diagnostic]
    }

    private let notes = Mutex<[String: Entry]>([:])
    private let pages = Mutex<[String: Page]>([:])
    private let site = Mutex<PageInputs.Site?>(nil)
    private let reuses = Mutex(0)
    /// Search index entries by page, with the note text and path they were made from.
    private let searchEntries = Mutex<[String: (path: String, text: String, entry: String)]>([:])

    public init() {}

    /// The note parsed from exactly these bytes under this name last time, if any.
    func note(at path: String, displayName: String, bytes: Data) -> SourceNote? {
        notes.withLock { entries in
            guard let entry = entries[path], entry.note.displayName == displayName, entry.bytes == bytes
            else {
                return nil
            }
            return entry.note
        }
    }

    func remember(_ note: SourceNote, bytes: Data) {
        notes.withLock { $0[note.path] = Entry(bytes: bytes, note: note) }
    }

    /// Forgets notes that are gone from the vault.
    func keep(only paths: Set<String>) {
        notes.withLock { entries in entries = entries.filter { paths.contains($0.key) } }
    }

    /// Starts a build's pages: when what all pages share changed (theme, settings), none is reused.
    func pagesShare(_ inputs: PageInputs.Site) {
        let same = site.withLock { known in
            defer { known = inputs }
            return known == inputs
        }
        if !same { pages.withLock { $0.removeAll() } }
    }

    /// The page made last time from exactly these inputs, with the problems found making it.
    func page(for inputs: PageInputs) -> (html: Data, diagnostics: [Diagnostic])? {
        let known = pages.withLock { pages -> (html: Data, diagnostics: [Diagnostic])? in
            guard let page = pages[inputs.pagePath], page.inputs == inputs else { return nil }
            return (page.html, page.diagnostics)
        }
        if known != nil { reuses.withLock { $0 += 1 } }
        return known
    }

    func remember(page html: Data, diagnostics: [Diagnostic], for inputs: PageInputs) {
        pages.withLock { $0[inputs.pagePath] = Page(inputs: inputs, html: html, diagnostics: diagnostics) }
    }

    /// Forgets pages no longer made.
    func keep(onlyPages paths: Set<String>) {
        pages.withLock { pages in pages = pages.filter { paths.contains($0.key) } }
        searchEntries.withLock { entries in entries = entries.filter { paths.contains($0.key) } }
    }

    /// A note's search index entry, made again only when its text or page changed.
    func searchEntry(for note: ParsedNote, make: (ParsedNote) -> String) -> String {
        let known = searchEntries.withLock { entries -> String? in
            guard let entry = entries[note.pagePath], entry.path == note.path, entry.text == note.source.text
            else { return nil }
            return entry.entry
        }
        if let known { return known }
        let entry = make(note)
        searchEntries.withLock { $0[note.pagePath] = (note.path, note.source.text, entry) }
        return entry
    }

    /// How many pages were reused rather than made again, over all builds (for tests).
    public var reusedPages: Int { reuses.withLock { $0 } }

    /// How many notes it holds (for tests).
    public var count: Int { notes.withLock { $0.count } }
}
