import Synchronization

/// The explorer list's levels above a note's folder: the same for every note of that folder whose
/// page sits in the folder's place (the links are relative), so made once for all of them instead of
/// once per page (which was most of the explorer's cost in a cold build). Shared by the tasks
/// that make pages; two of them making the same levels at once make the same bytes.
final class ExplorerLevels: Sendable {
    /// The levels as ``ExplorerPageView`` joins them: the bytes up to the deepest opening, the
    /// bytes that close the levels, and whether the way down is still open (inside the window).
    struct Made: Sendable {
        var before: [UInt8]
        var after: [UInt8]
        var open: Bool
    }

    private struct Key: Hashable {
        /// The folder node whose notes see these levels.
        let folder: Int
        /// The folders of the page they are seen from, and how its links look.
        let place: [UInt8]
        let urls: URLStyle
    }

    /// One entry of a folder's list, seen from a place: its opening through its link's escaped
    /// `href` value, and its escaped title. Every note of a folder lists the folder's entries (a
    /// window of them): made once per folder, they are copied, not made again for each note.
    struct Entry: Sendable {
        var open: [UInt8]
        var title: [UInt8]
    }

    /// A folder's entries, and each one whole (not the current page's: opening, `">`, title,
    /// `</a></li>`) joined in order: a page's window of them is then copied as two runs around
    /// its own entry, not entry by entry in five pieces.
    struct Row: Sendable {
        var entries: [Entry]
        var joined: [UInt8] = []
        /// Where each entry starts in `joined`, and its end.
        var offsets: [Int] = [0]
        /// The folder's entry for its notes outside a page's window.
        var more: ExplorerPageView.More

        init(_ entries: [Entry], more: ExplorerPageView.More) {
            self.entries = entries
            self.more = more
            for entry in entries {
                joined += entry.open
                joined += "\">".utf8
                joined += entry.title
                joined += "</a></li>".utf8
                offsets.append(joined.count)
            }
        }
    }

    private let made = Mutex<[Key: Made]>([:])
    private let rows = Mutex<[Key: Row]>([:])
    private let crumbs = Mutex<[Key: [ExplorerPageView.Crumb]]>([:])

    init() {}

    /// How many folders' levels are kept.
    var count: Int { made.withLock { $0.count } }

    /// The levels above the notes of `folder`, seen from a page in `place` (its links'
    /// ``PageLinks/folderBytes``); `make` makes them when no page asked before.
    func levels(above folder: Int, place: [UInt8], urls: URLStyle, make: () -> Made) -> Made {
        let key = Key(folder: folder, place: place, urls: urls)
        if let known = made.withLock({ $0[key] }) { return known }
        let levels = make()
        made.withLock { $0[key] = levels }
        return levels
    }

    /// The entries of `folder`'s children, in order, seen from a page in `place`; `make` makes
    /// them when no page asked before.
    func row(of folder: Int, place: [UInt8], urls: URLStyle, make: () -> Row) -> Row {
        let key = Key(folder: folder, place: place, urls: urls)
        if let known = rows.withLock({ $0[key] }) { return known }
        let made = make()
        rows.withLock { $0[key] = made }
        return made
    }

    /// The breadcrumbs of the notes of `folder` (the folders from the root down to it), seen from
    /// a page in `place`: the same links for every note of the folder, made once (a link and a
    /// string per crumb and page were a sixth of the explorer's cost).
    func crumbs(
        above folder: Int, place: [UInt8], urls: URLStyle, make: () -> [ExplorerPageView.Crumb]
    ) -> [ExplorerPageView.Crumb] {
        let key = Key(folder: folder, place: place, urls: urls)
        if let known = crumbs.withLock({ $0[key] }) { return known }
        let made = make()
        crumbs.withLock { $0[key] = made }
        return made
    }
}
