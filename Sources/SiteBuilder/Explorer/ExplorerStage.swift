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
        var diagnostics: [Diagnostic] { [] }

        /// What the page at `page` shows of the tree (nothing for pages outside it, such as tags).
        func view(for page: String) -> ExplorerPageView {
            ExplorerPageView(tree: tree, page: page, urls: urls, explorer: explorer, breadcrumbs: breadcrumbs)
        }
    }

    func run(_ graph: LinkGraph, _ context: StageContext) async -> Output {
        let tree = ExplorerTree(notes: graph.notes)
        return Output(
            tree: tree, explorer: configuration.explorer, breadcrumbs: configuration.breadcrumbs,
            urls: configuration.urls, script: configuration.explorer ? ExplorerData.script(for: tree) : nil)
    }
}
