import Foundation
import GraphLayout
import Mustache
import NoteModel

/// Graph: the vault's notes and links laid out once for the whole site (``GraphLayout``), written
/// as `assets/graph-data.js` for the graph page (`graph.html`) and every note's local graph. In
/// `serve` the layout is kept by the shape of the graph alone: a save that changes no link, and no
/// note's place in the order, reuses it.
struct GraphStage: BuildStage {
    static let name = "graph"

    let configuration: SiteConfiguration
    let facts: SiteFacts
    let theme: Theme
    /// Where the layout is kept between builds; nil without the vault's cache.
    var cache: GraphLayoutCache?

    struct Output: StageOutput {
        /// `assets/graph-data.js` and `graph.html`, as the settings ask.
        var files: [String: Data]
        var diagnostics: [Diagnostic]
    }

    func run(_ input: LinkGraph, _ context: StageContext) async -> Output {
        let settings = configuration.graph
        guard settings.isUsed else { return Output(files: [:], diagnostics: []) }
        // Drawn again only when what the graph shows of some note (page, title, links, tags) changed.
        let drawn = context.value(Self.drawings, key: shapeKey(of: input, context)) {
            draw(input, tags: settings.tags, context)
        }
        var files = ["assets/graph-data.js": drawn.script]
        guard settings.page else { return Output(files: files, diagnostics: []) }
        if let note = input.notes.first(where: { $0.pagePath == Self.pagePath }) {
            // The note keeps its page; the graph stays on every note page.
            let place = SourceLocation(file: note.source.displayName, line: 1, column: 1)
            let message =
                "this note's page is \(Self.pagePath), so the graph page is left out (rename the note, or set 'graph: false')"
            return Output(files: files, diagnostics: [.warning(message, at: place)])
        }
        let words = facts.rendering.strings
        do {
            files[GraphStage.pagePath] = Data(
                try facts.rendering.render(
                    "graph", at: GraphStage.pagePath,
                    [
                        "title": .string(words["graph"]), "noteCount": .int(drawn.noteCount),
                        "linkCount": .int(drawn.linkCount),
                        "intro": .string(
                            words.text(
                                "graph_intro",
                                ["notes": String(drawn.noteCount), "links": String(drawn.linkCount)])),
                    ]
                ).utf8)
            return Output(files: files, diagnostics: [])
        } catch {
            return Output(files: files, diagnostics: [theme.diagnostic(for: error)])
        }
    }

    static let pagePath = "graph.html"

    /// What the graph shows of each note, by the note.
    static let shapes = KeptPerNote<ResolvedNote, ContentKey>("graph.shapes")
    /// The data script, by every note's shape.
    static let drawings = Kept<DrawnGraph>("graph.drawings")
    /// The layout, by the graph's shape.
    static let layouts = Kept<GraphPositions>("graph.layouts")

    /// The key of what the graph shows: each note's page, title, links and tags, and the settings.
    private func shapeKey(of input: LinkGraph, _ context: StageContext) -> ContentKey {
        let shapes = context.perNote(Self.shapes, input.notes) { index in
            let note = input.notes[index]
            return ContentKey(
                note.path, note.pagePath, note.title, note.links.outgoing.map(\.target), note.source.tags)
        }
        return ContentKey(ContentKey(combining: shapes), configuration.graph.tags, configuration.urls)
    }

    /// The graph's data script, and the counts the graph page shows.
    struct DrawnGraph: Sendable {
        let script: Data
        let noteCount: Int
        let linkCount: Int
    }

    private func draw(_ input: LinkGraph, tags: Bool, _ context: StageContext) -> DrawnGraph {
        let graph = VaultGraph(input, tags: tags)
        let layout = graph.layout
        // Laid out again only when the graph's shape (how many nodes, which are linked) changed.
        let positions = context.value(Self.layouts, key: ContentKey(layout)) {
            laidOut(layout, jobs: context.jobs)
        }
        return DrawnGraph(
            script: GraphScript.script(for: graph, at: positions), noteCount: graph.noteCount,
            linkCount: graph.links.count)
    }
}

extension GraphStage {
    /// The layout's positions: from the cache when it holds this very layout, else made (and kept).
    fileprivate func laidOut(_ layout: GraphLayout, jobs: Int) -> GraphPositions {
        guard let cache, layout.nodeCount >= GraphLayoutCache.minimumNodes else {
            return GraphPositions(layout, jobs: jobs)
        }
        return cache.positions(for: layout) { GraphPositions(layout, jobs: jobs) }
    }
}

extension GraphSettings {
    /// What templates see as `site.graph`: `page`, `local`, `depth`.
    var templateValue: TemplateValue {
        ["page": .bool(page), "local": .bool(local), "depth": .int(depth)]
    }
}
