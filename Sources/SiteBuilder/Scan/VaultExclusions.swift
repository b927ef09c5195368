public import Foundation

/// What the `exclude` setting of a vault's `notesite.yml` leaves out of the site, for `serve`'s
/// watcher: a change there cannot change the site, so it starts no rebuild. Read like the build
/// reads it (a broken file gives the defaults it would).
public struct VaultExclusions: Sendable {
    private let filter: PathFilter

    /// The rules of the vault's `notesite.yml` as it is now.
    public static func load(vault: URL) -> VaultExclusions {
        let (settings, _) = LoadedConfiguration.read(vault, display: DisplayPaths(vault: vault))
        return VaultExclusions(filter: PathFilter(exclude: settings.exclude))
    }

    /// The given `exclude` patterns.
    public init(patterns: [String]) {
        filter = PathFilter(exclude: patterns)
    }

    private init(filter: PathFilter) {
        self.filter = filter
    }

    /// Whether the vault-relative `path` is left out, by its own name or a folder above it. Hidden
    /// names are left out too; `notesite.yml` never is, since it shapes every build.
    public func excludes(_ path: String, isFolder: Bool) -> Bool {
        guard path != SiteConfiguration.fileName, !path.isEmpty else { return false }
        let parts = path.split(separator: "/")
        var prefix = ""
        for (index, part) in parts.enumerated() {
            prefix += (prefix.isEmpty ? "" : "/") + part
            let last = index == parts.count - 1
            if filter.excludes(prefix, isFolder: last ? isFolder : true) { return true }
        }
        return false
    }
}
