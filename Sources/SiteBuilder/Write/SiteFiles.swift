public import Foundation

/// A built site in memory: every file by its site-relative path (`trips/lisbon.html`, `assets/style.css`).
/// The build makes it; `notesite build` writes it to disk and a server can serve it as it is.
public struct SiteFiles: Sendable, Hashable {
    public var files: [String: Data] = [:]

    public init(files: [String: Data] = [:]) {
        self.files = files
    }
}
