public import Foundation

/// A built site: every file by its site-relative path (`trips/lisbon.html`, `assets/style.css`).
/// The build makes it; `notesite build` writes it to disk and a server can serve it as it is.
public struct SiteFiles: Sendable, Hashable {
    /// The files held in memory.
    public var files: [String: Data] = [:]
    /// The pages a cold `notesite build` wrote into its staging folder as it made them
    /// (``StagingWriter``): part of the site, their bytes not held. Empty for a site made in memory.
    public var staged: Set<String> = []

    public init(files: [String: Data] = [:], staged: Set<String> = []) {
        self.files = files
        self.staged = staged
    }
}
