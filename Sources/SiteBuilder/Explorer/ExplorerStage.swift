import Foundation
import NoteModel

/// Explorer: the notes' paths, titles and `order` -> the folder tree, written once for the whole
/// site as `assets/explorer-data.js`; each page then gets its own small view of it
/// (``ExplorerPageView``: breadcrumbs and the list without JavaScript), which Pages and Listings
/// key their pages by, so a title, order or rename reaches every page that shows it.
struct ExplorerStage: BuildStage {
    static let name = "explorer"

    let configuration: SiteConfiguration

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

    func run(_ graph: LinkGraph, _ context: StageContext) async -> Output {
        // A cold build makes each view when its page is made: holding them all cost a tenth of its memory.
        guard let memory = context.memory else { return output(for: ExplorerTree.entries(of: graph.notes)) }
        // Each note's entry keyed once per version of the note: a save hashes one entry, not the tree.
        let last = memory.explorerEntries.made()
        let entryKeys = graph.notes.indices.map { index in
            let note = graph.notes[index]
            return last?.value(for: note.source, at: index, page: note.pagePath)
                ?? ContentKey(ExplorerTree.entries(of: [note]))
        }
        memory.explorerEntries.remember(
            entryKeys, from: graph.notes.map(\.source), pages: graph.notes.map(\.pagePath))
        let key = ContentKey(
            ContentKey(combining: entryKeys), configuration.explorer, configuration.breadcrumbs,
            configuration.urls)
        if let known = memory.explorer.known(slot: "", key: key) { return known }
        var output = output(for: ExplorerTree.entries(of: graph.notes))
        output.key = key
        let pages = output.tree.byPage.keys.sorted()
        let made = await concurrentMap(pages, limit: context.jobs) { [output] page in output.view(for: page) }
        output.views = Dictionary(uniqueKeysWithValues: zip(pages, made))
        output.viewKeys = output.views.mapValues { ContentKey($0) }
        memory.explorer.store(output, slot: "", key: key)
        return output
    }

    /// The tree and its script, without the pages' views.
    private func output(for entries: [ExplorerTree.Entry]) -> Output {
        let tree = ExplorerTree(entries: entries)
        return Output(
            tree: tree, explorer: configuration.explorer, breadcrumbs: configuration.breadcrumbs,
            urls: configuration.urls, script: configuration.explorer ? ExplorerData.script(for: tree) : nil)
    }
}
