import CodeHighlighter
import Foundation
import Mustache
import NoteModel
import SearchIndex
import Synchronization

/// What one build hands the next in the same process (`notesite serve`): each stage's results by
/// the key of their inputs (``ContentKey``), so a rebuild redoes only what a change reaches. Which
/// pages a change reaches is what Resolve found (links, embeds, backlinks), never a hand-kept list.
/// The result is always the same as a fresh build's; only the work is less. Images have the
/// rendition cache on disk for the same end.
public final class BuildMemory: Sendable {
    /// Scan: the vault as the last build listed it, by the settings that choose what is left out.
    let vaults = StageCache<Vault>()
    /// Scan: what a watcher saw change since the last scan; nil while nobody watches, and then
    /// every scan walks the whole vault.
    private let vaultChanges = Mutex<VaultChanges?>(nil)
    /// Read: each note parsed, by its name and bytes.
    let notes = StageCache<SourceNote>()
    /// Read: each note as read, by its file's place, identity and settled stamp (not read again).
    let settledNotes = StageCache<SourceNote>()
    /// Read: the notes the last build read, by their place in the vault's list.
    let lastRead = Mutex<LastRead?>(nil)
    /// Resolve: each note's links looked up, by the note and everything it can be resolved against.
    let links = LastResults<SourceNote, ParsedNote>()
    /// Resolve: every note's page path, by the notes' paths and permalinks.
    let pagePaths = StageCache<[String: String]>()
    /// Resolve: the notes and files the last link context was made from, so a save that moves no
    /// note's path, page, outline or aliases keeps the context without hashing every note.
    let linkSources = Mutex<LinkSources?>(nil)
    /// Resolve: the link graph, by the context and every note.
    let graphs = StageCache<LinkGraph>()
    /// Explorer: the tree and every page's view of it, by the tree and its settings.
    let explorer = StageCache<ExplorerStage.Output>()
    /// Explorer: the key of each note's entry in the tree (path, page, title, order), by the note.
    let explorerEntries = LastResults<SourceNote, ContentKey>()
    /// Highlight: each note's code blocks, by the note.
    let noteCode = LastResults<SourceNote, NoteCode>()
    /// Highlight: all code blocks' highlighting, by the blocks (a save rarely changes code).
    let highlights = StageCache<Highlights>()
    /// Pages: each note's page and the problems found making it, by everything the page shows.
    let pages = LastResults<SourceNote, PageStage.Page>()
    private let pagesReused = Atomic<Int>(0)
    /// Listings: all listing pages together, by what they show of every note.
    let listingPages = StageCache<ListingPages>()
    /// Listings: what each note shows in listings (page, title, date, tags), by the note.
    let listedNotes = LastResults<SourceNote, ContentKey>()
    /// Listings: the site's HTML pages as found and as sorted, in the last build.
    let sortedPages = Mutex<(found: Set<String>, sorted: [String])?>(nil)
    /// Listings: each listing page, by the values its template is given.
    let listings = StageCache<Result<String, TemplateError>>()
    /// Listings: each note's search index entry, by the note's text and page.
    let searchEntries = LastResults<SourceNote, SearchDocument>()
    /// Listings: each search text shard, by its notes.
    let searchShards = StageCache<Data>()
    /// Listings: the search postings of each run of notes, by its notes.
    let postingRuns = StageCache<PostingRun>()
    /// Listings: the search postings as the last build joined them.
    let searchPostings = Mutex<KeptPostings?>(nil)
    /// Listings: each note's alias redirect pages, by its aliases, title and page.
    let aliasRedirects = LastResults<SourceNote, [AliasRedirects.Redirect]>()
    /// Previews: each note's link preview entry, by the note and the sections linked in it.
    let previews = LastResults<ParsedNote, [UInt8]>()
    /// Previews: the sections each note's links name, by the note.
    let linkedAnchors = LastResults<ParsedNote, [LinkedAnchors.Anchor]>()
    /// Previews: each shard file, by its entries.
    let previewShards = StageCache<Data>()
    /// Graph: what the graph shows of each note (page, title, links, tags), by the note.
    let graphShapes = LastResults<ParsedNote, ContentKey>()
    /// Graph: the data script, by every note's shape.
    let drawnGraphs = StageCache<GraphStage.DrawnGraph>()
    /// Graph: the layout, by the graph's shape (how many nodes, which are linked).
    let graphLayouts = StageCache<GraphPositions>()

    public init() {}

    /// From now on a watcher reports every change (``touch(_:)``), so a scan can look at just the
    /// files changed. Until the first scan, anything may have.
    public func startWatching() {
        vaultChanges.withLock { $0 = .anything }
    }

    /// What the watcher saw change.
    public func touch(_ changes: VaultChanges) {
        vaultChanges.withLock { $0?.merge(changes) }
    }

    /// The changes seen since the last call (anything, when nobody watches).
    func takeVaultChanges() -> VaultChanges {
        vaultChanges.withLock { changes in
            defer { if changes != nil { changes = VaultChanges() } }
            return changes ?? .anything
        }
    }

    /// How many pages were reused rather than made again, over all builds (for tests).
    public var reusedPages: Int { pagesReused.load(ordering: .relaxed) }

    func countReused(pages count: Int) {
        pagesReused.add(count, ordering: .relaxed)
    }

    /// How many notes it holds (for tests).
    public var count: Int { notes.count }
}
