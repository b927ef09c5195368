public import Foundation
public import NoteModel

/// The outcome of one build: what was made and every problem found on the way.
public struct BuildReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var pageCount = 0
    public var imageCount = 0
    /// Notes published (drafts left out).
    public var noteCount = 0
    /// Every HTML page made, sorted (alias redirects left out).
    public var pagePaths: [String] = []
    /// Every image made, or that failed, for the `--json` report.
    public var images: [ImageRecord] = []
    /// Renditions this build encoded and found in the cache; nil without a cache.
    public var imageCache: (encodes: Int, hits: Int)?
    /// Every social card made, for the `--json` report; empty without cards.
    public var cards: [CardRecord] = []
    /// True when the output folder was replaced with the new site.
    public var wroteOutput = false
    public var output: URL
    public var duration: Duration = .zero
    /// The note pages this build made rather than reused from an earlier build in the process
    /// (`notesite serve`), sorted; without memory, every note page.
    public var madePages: [String] = []
    /// Code blocks sent to Pygments and found in the cache; nil when highlighting is off.
    public var codeCache: (highlighted: Int, hits: Int)?
    /// What this build left out and why (Pygments or KaTeX not installed), for `--verbose`.
    public var notices: [String] = []
    /// How long each stage took, in order (`notesite build --timings` prints them).
    public var stages: [(name: String, duration: Duration)] = []

    /// Ends a stage that began at `start`, and returns the start of the next.
    mutating func lap(_ name: String, since start: ContinuousClock.Instant) -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        stages.append((name, now - start))
        return now
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// Diagnostics in a stable order (by file, line, column, then message), each once:
    /// a broken page template would otherwise be reported for every page.
    public var sortedDiagnostics: [Diagnostic] { Self.inOrder(Set(diagnostics)) }

    /// `diagnostics` by file, line, column, then message. Each file is ranked once: comparing two
    /// long, alike paths in every step of the sort was most of what printing a large report cost.
    public static func inOrder(_ diagnostics: Set<Diagnostic>) -> [Diagnostic] {
        let list = Array(diagnostics)
        let files = Set(list.map { $0.location?.file ?? "" }).sorted()
        let rank = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1, $0) })
        let keys = list.map {
            (rank[$0.location?.file ?? ""] ?? 0, $0.location?.line ?? 0, $0.location?.column ?? 0)
        }
        let order = list.indices.sorted { a, b in
            keys[a] != keys[b] ? keys[a] < keys[b] : list[a].message < list[b].message
        }
        return order.map { list[$0] }
    }
}
