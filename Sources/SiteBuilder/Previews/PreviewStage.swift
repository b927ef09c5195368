import Foundation
import NoteModel

/// Previews: for every note, what a popover over a link to it shows (``LinkPreview``), written
/// into the shards under `assets/previews/` (``PreviewShards``). A note's entry is made again only
/// when the note (its text, title, links) or the set of its sections other notes link to changed.
struct PreviewStage: BuildStage {
    static let name = "previews"

    let configuration: SiteConfiguration

    struct Output: StageOutput {
        /// Files under `assets/previews/`; none when the `link_previews` setting is off.
        var files: [String: Data] = [:]
        var diagnostics: [Diagnostic] = []
    }

    func steps(for graph: LinkGraph) -> Int { configuration.linkPreviews ? graph.notes.count : 0 }

    func run(_ graph: LinkGraph, _ context: StageContext) async -> Output {
        guard configuration.linkPreviews else { return Output() }
        let urls = configuration.urls
        let memory = context.memory
        let anchors = LinkedAnchors.find(in: graph.notes, urls: urls, memory: memory)
        let entries = await context.map(graph.notes) { note -> PreviewShards.Entry in
            let linked = (anchors[note.pagePath] ?? []).sorted()
            let make = { LinkPreview(note: note, anchors: linked, urls: urls).json(pagePath: note.pagePath) }
            let key = ContentKey(note, linked, urls)
            let json = StageCache.value(in: memory?.previews, slot: note.pagePath, key: key, make: make)
            return PreviewShards.Entry(pagePath: note.pagePath, json: json, key: key)
        }
        memory?.previews.keepUsed()
        return Output(files: PreviewShards.files(entries: entries, memory: memory))
    }
}
