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

    /// The sections each note's links name, by the note.
    static let anchors = KeptPerNote<ResolvedNote, [LinkedAnchors.Anchor]>("previews.anchors")
    /// Each note's link preview entry, by the note and the sections linked in it.
    static let entries = KeptPerNote<ResolvedNote, [UInt8]>("previews.entries")
    /// Each shard file, by its entries.
    static let shards = Kept<Data>("previews.shards")

    func run(_ graph: LinkGraph, _ context: StageContext) async -> Output {
        guard configuration.linkPreviews else { return Output() }
        let urls = configuration.urls
        let notes = graph.notes
        let anchors = LinkedAnchors.byPage(
            context.perNote(Self.anchors, notes, context: ContentKey(urls)) {
                LinkedAnchors.anchors(in: notes[$0], urls)
            })
        let linked = { @Sendable (index: Int) in (anchors[notes[index].pagePath] ?? []).sorted() }
        let made = await context.mapPerNote(
            Self.entries, notes, key: { ContentKey(notes[$0], linked($0), urls) },
            make: {
                LinkPreview(note: notes[$0], anchors: linked($0), urls: urls).json(
                    pagePath: notes[$0].pagePath)
            })
        let entries = zip(notes, made).map { note, made in
            PreviewShards.Entry(pagePath: note.pagePath, json: made.value, key: made.key)
        }
        var files = [PreviewShards.folder + "index.js": PreviewShards.index(forNotes: entries.count)]
        for (number, members) in PreviewShards.shards(of: entries).enumerated() {
            files[PreviewShards.folder + "\(number).js"] = context.value(
                Self.shards, slot: String(number), key: ContentKey(combining: members.compactMap(\.key))
            ) { PreviewShards.file(number, members) }
        }
        context.forgetUnasked(Self.shards)
        return Output(files: files)
    }
}
