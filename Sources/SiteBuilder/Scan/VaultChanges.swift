/// What changed in the vault since the last build, as a watcher saw it (`serve`): the files
/// created, written, removed or renamed, by real path; or `anything` when it cannot say which
/// (a folder changed, events were lost, the settings changed). Scan then looks again at those
/// files only, instead of walking the whole vault (``Vault/rescanning(_:filter:excluding:)``).
public struct VaultChanges: Sendable, Equatable {
    /// Real paths of the files touched; nil: anything may have changed.
    public private(set) var files: Set<String>? = []

    public init() {}

    /// Nothing known: the next build walks the whole vault.
    public static let anything: VaultChanges = {
        var changes = VaultChanges()
        changes.touchAnything()
        return changes
    }()

    public mutating func touch(_ realPath: String) {
        files?.insert(realPath)
    }

    public mutating func touchAnything() {
        files = nil
    }

    public mutating func merge(_ other: VaultChanges) {
        guard let more = other.files else { return touchAnything() }
        files?.formUnion(more)
    }
}
