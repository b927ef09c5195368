import Foundation
import HTMLText

/// The vault's folders and notes as the explorer shows them: every folder that holds a published
/// note, each note under its folder, entries ordered by front matter `order` (lower first), then
/// by title. Flat: nodes refer to each other by index, so a 2,000-level folder path costs no
/// recursion anywhere (building, hashing, writing).
struct ExplorerTree: Sendable, Hashable {
    struct Node: Sendable, Hashable {
        /// The folder's name as written (`Europe`), or the note's title.
        let title: String
        /// The note's page, or the folder's page (its listing, or its `index.md` note).
        let pagePath: String
        /// `trips/europe` for a folder (slugged as its page is, so a key in the reader's
        /// browser); nil for a note.
        let folder: String?
        /// Front matter `order`; a folder takes its `index.md` note's.
        let order: Double?
        let parent: Int?
        /// Ordered entries of a folder; empty for a note.
        var children: [Int] = []

        var isFolder: Bool { folder != nil }
    }

    /// `nodes[0]` is the vault's root folder.
    private(set) var nodes: [Node]
    /// Node by page path, notes and folders.
    private(set) var byPage: [String: Int] = [:]
    /// The "12 more" entries' words (`more_on_home`, `more_in_folder`), in the site's language.
    var words = Words(InterfaceStrings.english)

    /// The interface words the tree's lists show, escaped and split at their `{count}` and
    /// `{folder}` once per build: a level's "more" entry is made for many pages.
    struct Words: Sendable, Hashable {
        enum Piece: Sendable, Hashable {
            case text([UInt8])
            case count
            case folder
        }

        /// `more_on_home` and `more_in_folder`.
        let onHome: [Piece]
        let inFolder: [Piece]

        init(_ strings: InterfaceStrings) {
            onHome = Self.pieces(strings["more_on_home"])
            inFolder = Self.pieces(strings["more_in_folder"])
        }

        private static func pieces(_ text: String) -> [Piece] {
            var pieces: [Piece] = []
            var rest = text.htmlEscaped[...]
            while let open = rest.range(of: "{") {
                let after = rest[open.upperBound...]
                let piece: Piece? =
                    after.hasPrefix("count}") ? .count : after.hasPrefix("folder}") ? .folder : nil
                guard let piece else {
                    pieces.append(.text(Array(rest[..<open.upperBound].utf8)))
                    rest = after
                    continue
                }
                pieces.append(.text(Array(rest[..<open.lowerBound].utf8)))
                pieces.append(piece)
                rest = after[after.index(after: after.firstIndex(of: "}") ?? after.startIndex)...]
            }
            pieces.append(.text(Array(rest.utf8)))
            return pieces
        }
    }

    /// One note as the tree needs it.
    struct Entry: Sendable, Hashable {
        let path: String
        let pagePath: String
        let title: String
        let order: Double?
    }

    init(notes: [ResolvedNote]) {
        self.init(entries: Self.entries(of: notes))
    }

    /// What the tree is made from, cheap to key: sorting the folders (titles compared by value)
    /// costs far more than hashing these.
    static func entries(of notes: [ResolvedNote]) -> [Entry] {
        notes.map {
            Entry(
                path: $0.path, pagePath: $0.pagePath, title: $0.title, order: $0.document.frontMatter?.order)
        }
    }

    init(entries: [Entry]) {
        nodes = [Node(title: "", pagePath: "index.html", folder: "", order: nil, parent: nil)]
        var folderNode: [String: Int] = ["": 0]
        // A folder's own note (`trips/index.md` at `trips/index.html`) is the folder's page: it
        // gives the folder its order and is not listed again inside it.
        var folderNotes: [String: Entry] = [:]
        var notes: [(Entry, folder: String)] = []
        // Sorted by path, the notes of a folder come one after another: its folders are added
        // for the first of them only (a split path and its folders looked up per note showed).
        var lastFolder: String?
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            let folder = FolderNames.joined(above: entry.path)
            // Only a page named index.html can be a folder's (slugging the folder costs more).
            if entry.pagePath.hasSuffix("index.html"),
                entry.pagePath == FolderListing.pagePath(forFolder: folder)
            {
                folderNotes[folder] = entry
            } else {
                notes.append((entry, folder))
            }
            if folder != lastFolder {
                addFolders(FolderNames.above(entry.path), &folderNode)
                lastFolder = folder
            }
        }
        for (path, index) in folderNode where path != "" {
            let node = nodes[index]
            nodes[index] = Node(
                title: node.title, pagePath: node.pagePath, folder: node.folder,
                order: folderNotes[path]?.order, parent: node.parent)
        }
        for (entry, folder) in notes {
            let parent = folderNode[folder] ?? 0
            nodes.append(
                Node(
                    title: entry.title, pagePath: entry.pagePath, folder: nil, order: entry.order,
                    parent: parent))
        }
        byPage.reserveCapacity(nodes.count)
        for index in nodes.indices {
            byPage[nodes[index].pagePath] = index
            if let parent = nodes[index].parent { nodes[parent].children.append(index) }
        }
        // Each title lower-cased into scalars once, not twice per comparison.
        let keys = nodes.map(ExplorerOrder.Key.init)
        for index in nodes.indices where !nodes[index].children.isEmpty {
            nodes[index].children.sort { ExplorerOrder.before(keys[$0], keys[$1]) }
        }
    }

    /// Each folder on the way to a note, its path and slug path grown one part at a time.
    private mutating func addFolders(_ parts: [String], _ folderNode: inout [String: Int]) {
        var path = ""
        var slugs = ""
        for part in parts {
            let parent = folderNode[path] ?? 0
            path += path.isEmpty ? part : "/" + part
            // A folder met before has its slugs already: slugging is the costly part.
            if let known = folderNode[path] {
                slugs = nodes[known].folder ?? ""
                continue
            }
            slugs += (slugs.isEmpty ? "" : "/") + Slug.component(part)
            folderNode[path] = nodes.count
            nodes.append(
                Node(title: part, pagePath: slugs + "/index.html", folder: slugs, order: nil, parent: parent))
        }
    }

    subscript(index: Int) -> Node { nodes[index] }

    /// The folders from the root down to the one holding `index` (the root first, `index` not in it).
    func ancestors(of index: Int) -> [Int] {
        var chain: [Int] = []
        var current = nodes[index].parent
        while let node = current {
            chain.append(node)
            current = nodes[node].parent
        }
        return chain.reversed()
    }
}

/// How entries of one folder are ordered: those with an `order` first, lower first; then folders
/// before notes; then by title, without case and with numbers by value (`Note 2` before `Note 10`);
/// then by page, so the order never depends on the input's.
enum ExplorerOrder {
    /// What the order reads of a node, the title lower-cased once.
    struct Key {
        let order: Double?
        let isFolder: Bool
        let title: [Unicode.Scalar]
        let pagePath: String

        init(_ node: ExplorerTree.Node) {
            order = node.order
            isFolder = node.isFolder
            title = Array(node.title.lowercased().unicodeScalars)
            pagePath = node.pagePath
        }
    }

    static func before(_ a: Key, _ b: Key) -> Bool {
        switch (a.order, b.order) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if a.isFolder != b.isFolder { return a.isFolder }
        let titles = compareScalars(a.title, b.title)
        if titles != 0 { return titles < 0 }
        return a.pagePath < b.pagePath
    }

    /// -1, 0 or 1: title `x` before, level with, or after `y` (each lower-cased, as scalars). Runs of
    /// ASCII digits compare by value.
    static func compareScalars(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Int {
        var i = 0
        var j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                let startI = i
                let startJ = j
                while i < x.count, isDigit(x[i]) { i += 1 }
                while j < y.count, isDigit(y[j]) { j += 1 }
                let numberA = x[startI..<i].drop { $0 == "0" }
                let numberB = y[startJ..<j].drop { $0 == "0" }
                if numberA.count != numberB.count { return numberA.count < numberB.count ? -1 : 1 }
                for (p, q) in zip(numberA, numberB) where p != q { return p.value < q.value ? -1 : 1 }
                continue
            }
            if x[i] != y[j] { return x[i].value < y[j].value ? -1 : 1 }
            i += 1
            j += 1
        }
        if x.count - i != y.count - j { return x.count - i < y.count - j ? -1 : 1 }
        return 0
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
