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
    /// Kept with the bytes printed, so the next snapshot looks each page up once.
    private let prints: [String: PagePrint]
    /// The build's error diagnostics, one per line; nil when it had none.
    public let errors: String?
    /// Every diagnostic of the build, so the next one logs only what is new.
    let diagnostics: Set<Diagnostic>
    /// The same, as the build listed them: a build that lists the same ones (most saves) reuses the set.
    private let listed: [Diagnostic]
    /// The HTML pages whose fingerprint differs from the snapshot before's, added and removed
    /// ones too, sorted.
    public let changedPages: [String]

    /// What every page's fingerprint starts from: the theme's assets.
    private let shared: Fingerprint
    private let assetPrints: [String: Fingerprint]

    /// `previous`: the snapshot before, whose fingerprints are kept for pages with the same bytes.
    package init(
        version: Int, files: [String: Data], errors: String?, diagnostics: [Diagnostic] = [],
        previous: SiteSnapshot? = nil, sameDiagnostics: Bool? = nil
    ) {
        self.version = version
        self.files = files
        self.errors = errors
        listed = diagnostics
        self.diagnostics =
            previous.flatMap { (sameDiagnostics ?? ($0.listed == diagnostics)) ? $0.diagnostics : nil }
            ?? Set(diagnostics)
        (shared, assetPrints) = Self.assetPrints(files, previous: previous)
        (prints, changedPages) = Self.fingerprints(files, shared: shared, previous: previous)
    }

    private struct PagePrint: Sendable {
        let bytes: Data
        let print: Fingerprint

        /// Whether `data` is the very buffer printed (a page reused from the build before).
        func isBuffer(of data: Data) -> Bool {
            bytes.bytes.isIdentical(to: data.bytes)
        }
    }

    /// A page's fingerprint (nil for anything but a page of this build).
    func fingerprint(of page: String) -> Fingerprint? { prints[page]?.print }

    /// Every page's fingerprint.
    var fingerprints: [String: Fingerprint] { prints.mapValues(\.print) }

    /// How many HTML pages the build made.
    var pageCount: Int { prints.count }

    /// Each asset's own print, kept from the snapshot before while its bytes are the same, and
    /// all of them together.
    private static func assetPrints(_ files: [String: Data], previous: SiteSnapshot?) -> (
        Fingerprint, [String: Fingerprint]
    ) {
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
            shared.add(path)
            shared.add(print.description)
        }
        return (shared, assetPrints)
    }

    /// Every page's print, and which changed: the snapshot before's prints, updated for the pages
    /// whose bytes are new, while the theme's assets are the same; all made anew otherwise.
    private static func fingerprints(_ files: [String: Data], shared: Fingerprint, previous: SiteSnapshot?)
        -> ([String: PagePrint], [String])
    {
        let known = previous?.shared == shared ? previous : nil
        var prints = known?.prints ?? [:]
        var changed: [String] = []
        var pages = 0
        for (path, data) in files where path.hasSuffix(".html") {
            pages += 1
            if let old = known?.prints[path] {
                if old.isBuffer(of: data) { continue }
                // Made again, the same bytes: the print stands, the old buffer is let go.
                if old.bytes == data {
                    prints[path] = PagePrint(bytes: data, print: old.print)
                    continue
                }
            }
            var print = shared
            print.add(data)
            if previous?.prints[path]?.print != print { changed.append(path) }
            prints[path] = PagePrint(bytes: data, print: print)
        }
        // Pages no longer made: prints kept for more pages than there are, or all made anew.
        if let previous, known == nil || prints.count > pages {
            for path in previous.prints.keys where files[path] == nil {
                prints[path] = nil
                changed.append(path)
            }
        }
        return (prints, changed.sorted())
    }

    /// Data files that change with any note's text, not with how pages are drawn.
    private static func perEdit(_ path: String) -> Bool {
        path == "assets/search-index.js" || path.hasPrefix("assets/search-text/")
            || path.hasPrefix("assets/previews/")
    }

    /// The next snapshot after a build: a failed build (no site) keeps the files already served.
    func next(site: SiteFiles?, report: BuildReport) -> SiteSnapshot {
        // Most saves list the same problems as the build before (thousands, in a large vault).
        let errors: String?
        let same = report.diagnostics == listed
        if same {
            errors = self.errors
        } else {
            let found = BuildReport.inOrder(Set(report.diagnostics.filter { $0.severity == .error }))
            errors = found.isEmpty ? nil : found.map(\.description).joined(separator: "\n")
        }
        return SiteSnapshot(
            version: version + 1, files: site?.files ?? files, errors: errors,
            diagnostics: report.diagnostics,
            previous: self, sameDiagnostics: same)
    }

    /// The diagnostics not in `other` (all of them when they are the same list, none).
    func newDiagnostics(since other: SiteSnapshot) -> Set<Diagnostic> {
        other.listed == listed ? [] : diagnostics.subtracting(other.diagnostics)
    }
}
