import Foundation
import NoteModel
import Synchronization

/// What one build hands the next in the same process (`notesite serve`): each stage's results by
/// the key of their inputs (``ContentKey``), so a rebuild redoes only what a change reaches. A
/// registry: a stage names what it keeps (``Kept``, ``KeptPerNote``) and asks through its context
/// (``StageContext/value(_:slot:key:make:)``, ``StageContext/perNote(_:_:pages:context:make:)``),
/// and the store for each name is made here when first asked for. The result is always the same as a fresh build's;
/// only the work is less. Images have the rendition cache on disk for the same end.
public final class BuildMemory: Sendable {
    /// What a watcher saw change since the last scan; nil while nobody watches, and then every
    /// scan walks the whole vault.
    private let vaultChanges = Mutex<VaultChanges?>(nil)
    /// The assembled site's HTML pages as found and as sorted, in the last build.
    let sortedPages = Mutex<(found: Set<String>, sorted: [String])?>(nil)
    /// Every other stage's results, by the name the stage gave them.
    private let stores = Mutex<[String: any Sendable]>([:])

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
    public var reusedPages: Int { store(PageStage.pages).reused }

    /// The store of the results `kept` names.
    func store<Value>(_ kept: Kept<Value>) -> StageCache<Value> {
        stored(kept.name) { StageCache<Value>() }
    }

    /// The store of the per-note results `kept` names.
    func store<Source, Value>(_ kept: KeptPerNote<Source, Value>) -> LastResults<Source, Value> {
        stored(kept.name) { LastResults<Source, Value>() }
    }

    /// The last value kept as `kept`.
    func store<Value>(_ kept: KeptLast<Value>) -> LastValue<Value> {
        stored(kept.name) { LastValue<Value>() }
    }

    private func stored<Store: Sendable>(_ name: String, _ make: () -> Store) -> Store {
        stores.withLock { stores in
            if let found = stores[name] as? Store { return found }
            let made = make()
            stores[name] = made
            return made
        }
    }

    /// How many notes it holds (for tests).
    public var count: Int { store(ReadStage.parsed).count }
}

/// A ``KeptLast`` value's store.
final class LastValue<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}
