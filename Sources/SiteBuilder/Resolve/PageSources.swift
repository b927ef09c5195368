/// All that Resolve found for one note's page: the note as resolved (its links, embeds, images
/// and problems), every note the page places (those it embeds, however deep), and the notes
/// linking to it with the words around each link. Pages make a page from this and nothing else
/// of the link graph, and key the page by all of it (``StageContext/mapPerNote(_:_:pages:from:beside:make:)``):
/// what a page is made from and what makes it again are one value.
struct PageSources: Sendable, Hashable {
    let note: ResolvedNote
    /// The notes the page may place, in path order.
    let embedded: [ResolvedNote]
    let backlinks: [Backlinks.Entry]
    /// Every note as a base's row, when the page shows a base (its own, a block, an embedded
    /// one): any note can enter its rows, so the page's key holds every note's.
    let bases: BaseRows?

    init(_ note: ResolvedNote, in graph: LinkGraph) {
        self.note = note
        embedded = graph.embedded(from: note)
        backlinks = graph.backlinks.to(note.path)
        bases =
            note.source.showsBase || embedded.contains(where: \.source.showsBase) ? graph.baseRows : nil
    }

    /// The notes the page may place, by path, for ``PageBody``: no other note can reach the page.
    /// The note itself among them: it may place its own part (`![[#^id]]`), or a note it embeds may.
    var placeable: [String: ResolvedNote] {
        // Most notes embed nothing: no dictionary made.
        guard !note.links.embeds.isEmpty else { return [:] }
        return Dictionary(shown.map { ($0.path, $0) }) { first, _ in first }
    }

    /// The page's note and the notes it places.
    var shown: [ResolvedNote] { [note] + embedded }
}
