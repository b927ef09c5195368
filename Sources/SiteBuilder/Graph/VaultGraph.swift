import GraphLayout

/// The vault as the graph pages draw it: notes by page path, then (with `graph_tags`) tags by
/// name; links between notes as pairs of node indices, and with tags, each note to its tags and
/// each nested tag to its parent. Its node order is the data file's.
struct VaultGraph: Sendable, Hashable {
    /// Per node: the title shown, and the page it opens (from the site root).
    let titles: [String]
    let pages: [String]
    /// Nodes below this index are notes; the rest are tags.
    let noteCount: Int
    /// Links as node index pairs (from, to), each pair once.
    let links: [Link]

    struct Link: Sendable, Hashable {
        let from: Int32
        let to: Int32
    }

    init(_ graph: LinkGraph, tags: Bool) {
        let notes = graph.notes.sorted { $0.pagePath < $1.pagePath }
        var titles = notes.map(\.title)
        var pages = notes.map(\.pagePath)
        var index: [String: Int32] = [:]
        for (position, note) in notes.enumerated() { index[note.path] = Int32(position) }
        var links: [Link] = []
        var seen: Set<Link> = []
        func add(_ link: Link) {
            if link.from != link.to, seen.insert(link).inserted { links.append(link) }
        }
        for (position, note) in notes.enumerated() {
            for target in note.links.outgoing.compactMap({ index[$0.target] }) {
                add(Link(from: Int32(position), to: target))
            }
        }
        noteCount = notes.count
        if tags {
            var tagIndex: [String: Int32] = [:]
            for tag in graph.tags.tags {
                tagIndex[tag.name.lowercased()] = Int32(titles.count)
                titles.append("#" + tag.name)
                pages.append(tag.pagePath)
            }
            for (position, note) in notes.enumerated() {
                for case let tag? in note.source.tags.map({ tagIndex[$0.lowercased()] }) {
                    add(Link(from: Int32(position), to: tag))
                }
            }
            for (name, child) in tagIndex.sorted(by: { $0.key < $1.key }) {
                guard let slash = name.lastIndex(of: "/"), let parent = tagIndex[String(name[..<slash])]
                else { continue }
                add(Link(from: child, to: parent))
            }
        }
        self.titles = titles
        self.pages = pages
        self.links = links
    }

    var nodeCount: Int { titles.count }

    /// The layout of this graph's shape (titles and pages play no part in it).
    var layout: GraphLayout {
        GraphLayout(nodeCount: nodeCount, links: links.map { (Int($0.from), Int($0.to)) })
    }
}
