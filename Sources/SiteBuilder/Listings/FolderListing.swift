/// A folder of the vault as a page: its notes and its sub-folders, at `folder/index.html`.
struct FolderListing: Sendable {
    /// The folder's page, e.g. `trips/europe/index.html`; `index.html` for the vault's root.
    let pagePath: String
    /// The folder's name as the author wrote it (`Europe`), or nil for the root.
    let name: String?
    let notes: [ResolvedNote]
    /// Sub-folders: name as written and page path.
    let folders: [(name: String, pagePath: String)]

    /// Every folder that holds a published note, directly or deeper, with the root first.
    /// Folders whose page is already a note (`trips/index.md`) are left out.
    static func all(for notes: [ResolvedNote]) -> [FolderListing] {
        var notesByFolder: [String: [ResolvedNote]] = [:]
        var childrenByFolder: [String: Set<String>] = [:]
        var previousFolder: String?
        for note in notes {
            let folder = FolderNames.joined(above: note.path)
            notesByFolder[folder, default: []].append(note)
            // The folders on the way were entered for the note before, as they are for most notes
            // (a folder's notes come together): entering them again changes nothing.
            // Compared by bytes: String equality would take `café` composed and decomposed as one.
            if let previousFolder, previousFolder.utf8.elementsEqual(folder.utf8) { continue }
            previousFolder = folder
            let folders = FolderNames.above(note.path)
            // Each folder on the way, its path grown one part at a time (joining the parts
            // again at each depth showed in profiles).
            var parent = ""
            for folder in folders {
                let child = parent.isEmpty ? folder : parent + "/" + folder
                childrenByFolder[parent, default: []].insert(child)
                notesByFolder[child, default: []] += []
                parent = child
            }
        }
        notesByFolder[""] = notesByFolder["", default: []]
        let taken = Set(notes.map(\.pagePath))
        return notesByFolder.keys.sorted().compactMap { folder in
            let page = pagePath(forFolder: folder)
            guard !taken.contains(page) else { return nil }
            let children = (childrenByFolder[folder] ?? []).sorted().map { child in
                (name: FolderNames.lastPart(of: child), pagePath: pagePath(forFolder: child))
            }
            let name = folder.isEmpty ? nil : FolderNames.lastPart(of: folder)
            let listed = (notesByFolder[folder] ?? []).sorted(byKey: { $0.title.lowercased() })
            return FolderListing(pagePath: page, name: name, notes: listed, folders: children)
        }
    }

    static func pagePath(forFolder folder: String) -> String {
        folder.isEmpty
            ? "index.html"
            : FolderNames.parts(of: folder).map(Slug.component).joined(separator: "/")
                + "/index.html"
    }
}
