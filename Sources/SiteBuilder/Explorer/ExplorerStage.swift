import Foundation
import NoteModel

/// Explorer: the notes' paths, titles and `order` -> the folder tree, written once for the whole
/// site as `assets/explorer-data.js`; each page then gets its own small view of it
/// (``ExplorerPageView``: breadcrumbs and the list without JavaScript), which Pages and Listings
/// key their pages by, so a title, order or rename reaches every page that shows it.
struct ExplorerStage: BuildStage {
    static let name = "explorer"

    let configuration: SiteConfiguration
    /// The site's words, for the lists' "more" entries.
    var strings = InterfaceStrings.english

    struct Output: StageOutput {
        var tree: ExplorerTree
        var explorer: Bool
        var breadcrumbs: Bool
        var urls: URLStyle
        /// `assets/explorer-data.js`'s bytes; nil when the explorer is off.
        var script: Data?
        /// Every page's view, made once per tree in `serve`, which reuses them all while the tree is
        /// unchanged; empty in a cold build, where ``view(for:)`` makes each one when it is asked.
        var views: [String: ExplorerPageView] = [:]
        /// Each view's key, made with it (`serve` only): a page's key is made on every save.
        var viewKeys: [String: ContentKey] = [:]
        /// The list's levels above each folder of notes, made once for all the notes of the folder.
        let shared = ExplorerLevels()
        /// What the tree and views were made from (`serve` only), for later stages' keys.
        var key: ContentKey?
        var diagnostics: [Diagnostic] { [] }

        /// The key of the view of the page at `page`.
        func viewKey(for page: String) -> ContentKey {
            viewKeys[page] ?? ContentKey(view(for: page))
        }

        /// What the page at `page` shows of the tree (nothing for pages outside it, such as tags).
        func view(for page: String) -> ExplorerPageView {
            views[page]
                ?? ExplorerPageView(
                    tree: tree, page: page, urls: urls, explorer: explorer, breadcrumbs: breadcrumbs,
                    shared: shared)
        }
    }

    /// The key of each note's entry in the tree (path, page, title, order), by the note.
    static let entries = KeptPerNote<SourceNote, ContentKey>("explorer.entries")
    /// The tree and every page's view of it, by the tree and its settings.
    static let trees = Kept<Output>("explorer.trees")

    func run(_ graph: LinkGraph, _ context: StageContext) async -> Output {
        await context.value(Self.trees, keyed: treeKey(graph.notes, context)) { key in
            var output = output(for: ExplorerTree.entries(of: graph.notes))
            // A cold build makes each view when its page is made (holding them all made its heap a
            // tenth bigger); a kept tree serves many builds, and every page's key needs its view.
            guard let key else { return output }
            output.key = key
            let pages = output.tree.byPage.keys.sorted()
            let made = await concurrentMap(pages, limit: context.jobs) { [output] page in
                output.view(for: page)
            }
            output.views = Dictionary(uniqueKeysWithValues: zip(pages, made))
            output.viewKeys = output.views.mapValues { ContentKey($0) }
            return output
        }
    }

    /// What the tree is made from: each note's entry, keyed once per version of the note (a save
    /// hashes one entry, not the tree), and the settings.
    private func treeKey(_ notes: [ResolvedNote], _ context: StageContext) -> ContentKey {
        let entryKeys = context.perNote(Self.entries, notes.map(\.source), pages: notes.map(\.pagePath)) {
            ContentKey(ExplorerTree.entries(of: [notes[$0]]))
        }
        return ContentKey(
            ContentKey(combining: entryKeys), configuration.explorer, configuration.breadcrumbs,
            configuration.urls, ExplorerTree.Words(strings))
    }

    /// The tree and its script, without the pages' views.
    private func output(for entries: [ExplorerTree.Entry]) -> Output {
        var tree = ExplorerTree(entries: entries)
        tree.words = ExplorerTree.Words(strings)
        return Output(
            tree: tree, explorer: configuration.explorer, breadcrumbs: configuration.breadcrumbs,
            urls: configuration.urls, script: configuration.explorer ? ExplorerData.script(for: tree) : nil)
    }
}
