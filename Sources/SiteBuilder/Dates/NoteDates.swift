import Foundation
import MarkdownReader
import NoteModel

/// A note's created and updated dates as every output shows them (its page, the home page's
/// recently updated list, the sitemap, the feed, bases' `file.ctime` and `file.mtime`). The front
/// matter's `created` (else `date`) and `updated` win; then git's first and last commit of the
/// note, or its file's modification time when it is changed and not committed yet; outside git,
/// the file's modification time.
struct NoteDates: Sendable, Hashable {
    var created: Date?
    var updated: Date?
    /// Whether ``updated`` is a file's modification time (outside git, or a change not committed):
    /// a time of this machine, which the feed leaves out (a fresh checkout would mark every entry).
    var updatedByFile = false

    init(created: Date? = nil, updated: Date? = nil) {
        self.created = created
        self.updated = updated
    }

    init(front: FrontMatter?, file: FileTimes?) {
        created = Self.written(front?["created"]) ?? front?.date?.date ?? file.map { Self.date($0.created) }
        if let written = Self.written(front?["updated"]) {
            updated = written
        } else if let file {
            updated = Self.date(file.updated)
            updatedByFile = file.updatedByFile
        }
        // A note is never updated before it was created (front matter may date it later than git).
        if let created, let updated, updated < created { self.updated = created }
    }

    /// A front matter date written as text (`2024-05-01`, `2024-05-01T10:30:00Z`).
    private static func written(_ value: FrontMatterValue?) -> Date? {
        guard case .string(let text)? = value else { return nil }
        return ISODate.parse(text)
    }

    private static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}

/// A file's dates in seconds since 1970, before front matter is read: from git, or from the file.
struct FileTimes: Sendable, Hashable {
    var created: Int64
    var updated: Int64
    /// The updated time is the file's modification time, not a commit's.
    var updatedByFile: Bool
}
