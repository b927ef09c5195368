public import Foundation
import NoteModel
import SiteBuilder

/// One build as the server serves it: the files, a fingerprint per page, and the build's errors.
public struct SiteSnapshot: Sendable {
    /// Counts builds from 1; live-reload clients use it to notice a new one.
    public let version: Int
    public let files: [String: Data]
    /// Per HTML page: its bytes together with the theme's assets (styles, scripts), so a page
    /// reloads when it or what it is drawn with changed. The search index (and its text shards) and
    /// the link previews are left out: they change with every edit, and a page reads them afresh after its next reload.
    let fingerprints: [String: Fingerprint]
    /// The build's error diagnostics, one per line; nil when it had none.
    public let errors: String?
    /// Every diagnostic of the build, so the next one logs only what is new.
    let diagnostics: Set<Diagnostic>

    /// What every page's fingerprint starts from: the theme's assets.
    private let shared: Fingerprint
    private let assetPrints: [String: Fingerprint]

    /// `previous`: the snapshot before, whose fingerprints are kept for pages with the same bytes.
    init(
        version: Int, files: [String: Data], errors: String?, diagnostics: Set<Diagnostic> = [],
        previous: SiteSnapshot? = nil
    ) {
        self.version = version
        self.files = files
        self.errors = errors
        self.diagnostics = diagnostics
        // Each asset's own print is kept from the snapshot before while its bytes are the same.
        var shared = Fingerprint()
        var assetPrints: [String: Fingerprint] = [:]
        for path in files.keys.filter({ $0.hasPrefix("assets/") && !Self.perEdit($0) }).sorted() {
            let data = files[path] ?? Data()
            var print = Fingerprint()
            if let previous, let known = previous.assetPrints[path], previous.files[path] == data {
                print = known
            } else {
                print.add(data)
            }
            assetPrints[path] = print
            shared.add(path.utf8)
            shared.add(print.description.utf8)
        }
        self.shared = shared
        self.assetPrints = assetPrints
        let known = previous?.shared == shared ? previous : nil
        var fingerprints: [String: Fingerprint] = [:]
        for (path, data) in files where path.hasSuffix(".html") {
            if let known, let print = known.fingerprints[path], known.files[path] == data {
                fingerprints[path] = print
                continue
            }
            var print = shared
            print.add(data)
            fingerprints[path] = print
        }
        self.fingerprints = fingerprints
    }

    /// Data files that change with any note's text, not with how pages are drawn.
    private static func perEdit(_ path: String) -> Bool {
        path == "assets/search-index.js" || path.hasPrefix("assets/search-text/")
            || path.hasPrefix("assets/previews/")
    }

    /// The next snapshot after a build: a failed build (no site) keeps the files already served.
    func next(site: SiteFiles?, report: BuildReport) -> SiteSnapshot {
        let diagnostics = Set(report.diagnostics)
        let errors = BuildReport.inOrder(diagnostics.filter { $0.severity == .error })
        return SiteSnapshot(
            version: version + 1, files: site?.files ?? files,
            errors: errors.isEmpty ? nil : errors.map(\.description).joined(separator: "\n"),
            diagnostics: diagnostics, previous: self)
    }

    /// The HTML pages whose fingerprint differs from `other`'s, including added and removed ones.
    public func changedPages(since other: SiteSnapshot) -> [String] {
        let paths = Set(fingerprints.keys).union(other.fingerprints.keys)
        return paths.filter { fingerprints[$0] != other.fingerprints[$0] }.sorted()
    }
}
