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
        let last = memory?.previews.made()
        let entries = await context.map(Array(graph.notes.indices)) { index -> PreviewShards.Entry in
            let note = graph.notes[index]
            let linked = (anchors[note.pagePath] ?? []).sorted()
            let key = ContentKey(note, linked, urls)
            let json =
                last?.keyed(for: note, at: index).flatMap { $0.key == key ? $0.value : nil }
                ?? LinkPreview(note: note, anchors: linked, urls: urls).json(pagePath: note.pagePath)
            return PreviewShards.Entry(pagePath: note.pagePath, json: json, key: key)
        }
        memory?.previews.remember(entries.map(\.json), from: graph.notes, keys: entries.map(\.key))
        return Output(files: PreviewShards.files(entries: entries, memory: memory))
    }
}
