/// The published notes with everything they name resolved, and what follows from all of them
/// together: who links to whom, which tags exist. Later stages read the notes only from this
/// (Pages only each page's part of it, ``PageSources``).
struct LinkGraph: Sendable {
    let notes: [ResolvedNote]
    let byPath: [String: ResolvedNote]
    let backlinks: Backlinks
    let tags: TagPages
    /// Whether some note has a front matter `date` (the feed lists only those).
    let hasDatedNotes: Bool
    /// The rows bases list; nil when no page shows a base (no cost for a vault without bases).
    let baseRows: BaseRows?

    init(_ notes: [ResolvedNote]) {
        self.notes = notes
        byPath = Dictionary(notes.map { ($0.path, $0) }) { first, _ in first }
        backlinks = Backlinks(notes)
        tags = TagPages(notes)
        hasDatedNotes = notes.contains { $0.document.frontMatter?.date?.date != nil }
        baseRows = notes.contains(where: \.source.showsBase) ? BaseRows(notes) : nil
    }

    /// The notes a note's page shows besides itself: those it embeds, and those they embed, each
    /// once, in path order (a note embedded but not published is not among them).
    func embedded(from note: ResolvedNote) -> [ResolvedNote] {
        // Most notes embed nothing: no set, no lookups.
        guard !note.links.embeds.isEmpty else { return [] }
        var seen: Set<String> = [note.path]
        var pending = [note]
        var found: [ResolvedNote] = []
        while let next = pending.popLast() {
            for case .note(let target, _, _) in next.links.embeds.values where seen.insert(target).inserted {
                if let embedded = byPath[target] {
                    found.append(embedded)
                    pending.append(embedded)
                }
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
