import Mustache
import Synchronization

/// The breadcrumbs' template values by the crumbs they show, for one theme rendering (their
/// root crumb is named by its site's title). Every note of a folder shows the same crumbs
/// (``ExplorerLevels``): making an object of two members per crumb of every page was most of a
/// page's explorer values. Shared by the tasks that make pages; two of them making the same
/// values at once make equal ones.
final class CrumbValues: Sendable {
    /// Emptied when it holds this many: a long `serve` session sees ever new crumbs.
    static let limit = 4_096

    private let known = Mutex<[[ExplorerPageView.Crumb]: [TemplateValue]]>([:])

    init() {}

    /// The values of `crumbs`; `make` makes them when no page asked before.
    func values(
        for crumbs: [ExplorerPageView.Crumb], make: () -> [TemplateValue]
    ) -> [TemplateValue] {
        if let found = known.withLock({ $0[crumbs] }) { return found }
        let made = make()
        known.withLock { known in
            if known.count >= Self.limit { known.removeAll() }
            known[crumbs] = made
        }
        return made
    }
}
