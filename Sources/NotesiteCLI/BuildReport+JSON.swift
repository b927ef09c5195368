import Foundation
import NoteModel
import SiteBuilder

/// What the command line makes of a build's report for programs: the exit status and the `--json` report.
extension BuildReport {
    /// 0 on success, 1 when an error was reported (or, under `strict`, a warning).
    func exitCode(strict: Bool) -> Int32 {
        errorCount > 0 || (strict && warningCount > 0) ? 1 : 0
    }

    /// The `--json` report: one object, keys sorted, documented in `Site/guide/Publishing.md`.
    /// `format` is bumped whenever a key changes meaning or goes away (new keys may appear).
    func json(command: String, vault: URL, strict: Bool) -> Data {
        let document = JSONReport(
            format: 1, notesite: NotesiteVersion.current, command: command,
            vault: Self.displayed(vault), output: Self.displayed(output), wroteOutput: wroteOutput,
            strict: strict, exitCode: Int(exitCode(strict: strict)), seconds: Self.rounded(duration),
            notes: noteCount, pages: .init(count: pageCount, paths: pagePaths),
            images: .init(
                count: imageCount, encoded: imageCache?.encodes, fromCache: imageCache?.hits,
                sourceBytes: images.reduce(0) { $0 + $1.sourceBytes },
                renditionBytes: images.reduce(0) { $0 + $1.renditionBytes },
                inlinedBytes: images.reduce(0) { $0 + $1.inlinedBytes }, items: images),
            cards: cards.isEmpty
                ? nil
                : .init(
                    count: cards.count, fromCache: cards.filter(\.fromCache).count,
                    bytes: cards.reduce(0) { $0 + $1.bytes }, items: cards),
            errors: errorCount, warnings: warningCount,
            diagnostics: sortedDiagnostics.map {
                .init(
                    severity: $0.severity.rawValue, file: $0.location?.file, line: $0.location?.line,
                    column: $0.location?.column, message: $0.message)
            },
            stages: stages.map { .init(name: $0.name, seconds: Self.rounded($0.duration)) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // Every field is a plain string, number, bool or array: encoding cannot fail.
        return (try? encoder.encode(document)) ?? Data("{}".utf8)
    }

    /// A folder as diagnostics name files: relative to the working folder when inside it.
    static func displayed(_ folder: URL) -> String {
        let path = folder.standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        if path == current { return "." }
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }

    /// Seconds to the millisecond, so the report does not print 17 digits of noise.
    static func rounded(_ duration: Duration) -> Double {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return (seconds * 1000).rounded() / 1000
    }
}

/// The shape of the `--json` report.
private struct JSONReport: Encodable {
    struct Pages: Encodable {
        var count: Int
        var paths: [String]
    }
    struct Images: Encodable {
        var count: Int
        /// Absent without a cache.
        var encoded: Int?
        var fromCache: Int?
        var sourceBytes: Int
        var renditionBytes: Int
        var inlinedBytes: Int
        var items: [ImageRecord]
    }
    struct Cards: Encodable {
        var count: Int
        var fromCache: Int
        var bytes: Int
        var items: [CardRecord]
    }
    struct Problem: Encodable {
        var severity: String
        var file: String?
        var line: Int?
        var column: Int?
        var message: String
    }
    struct Stage: Encodable {
        var name: String
        var seconds: Double
    }

    var format: Int
    var notesite: String
    var command: String
    var vault: String
    var output: String
    var wroteOutput: Bool
    var strict: Bool
    var exitCode: Int
    var seconds: Double
    var notes: Int
    var pages: Pages
    var images: Images
    /// Absent when no social card was made.
    var cards: Cards?
    var errors: Int
    var warnings: Int
    var diagnostics: [Problem]
    var stages: [Stage]
}
