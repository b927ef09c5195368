import Foundation
import HTMLText

/// `feed.xml`: an Atom feed of the newest notes by their front matter `date` (each entry's
/// `published`); an entry's `updated` is the later of that and the note's updated date from git or
/// front matter `updated` (``NoteDates``). Notes without a `date` are left out, and no file's
/// modification time is used, so the feed is the same on every machine. It needs absolute URLs, so
/// it is written only when `base_url` is set.
enum AtomFeed {
    static let limit = 20

    static func xml(notes: [ResolvedNote], siteTitle: String, baseURL: String, author: String?) -> Data? {
        let dated = notes.compactMap { note in
            note.document.frontMatter?.date?.date.map { (note: note, date: $0) }
        }
        .sorted { ($0.date, $1.note.path) > ($1.date, $0.note.path) }
        .prefix(limit)
        guard !dated.isEmpty else { return nil }
        // Published at its `date`; updated when its dates say it changed since (git, front matter).
        let updated = dated.map { entry in
            let dates = entry.note.dates
            return dates.updatedByFile ? entry.date : max(entry.date, dates.updated ?? entry.date)
        }
        guard let newest = updated.max() else { return nil }
        let stamp = ISO8601DateFormatter()
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        xml += "<title>\(siteTitle.htmlEscaped)</title>\n"
        xml += "<link href=\"\(baseURL.htmlEscaped)\"/>\n"
        xml += "<link rel=\"self\" href=\"\(baseURL.htmlEscaped)feed.xml\"/>\n"
        xml += "<id>\(baseURL.htmlEscaped)</id>\n<updated>\(stamp.string(from: newest))</updated>\n"
        if let author { xml += "<author><name>\(author.htmlEscaped)</name></author>\n" }
        for ((note, date), changed) in zip(dated, updated) {
            let url = Sitemap.absoluteURL(note.pagePath, base: baseURL)
            xml += "<entry>\n<title>\(note.title.htmlEscaped)</title>\n<link href=\"\(url.htmlEscaped)\"/>\n"
            xml += "<id>\(url.htmlEscaped)</id>\n<published>\(stamp.string(from: date))</published>\n"
            xml += "<updated>\(stamp.string(from: changed))</updated>\n"
            xml += "<summary>\(summary(of: note).htmlEscaped)</summary>\n</entry>\n"
        }
        return Data((xml + "</feed>\n").utf8)
    }

    /// The front matter `description`, else the note's first paragraph, shortened.
    static func summary(of note: ResolvedNote) -> String { note.summary(limit: 300) }
}
