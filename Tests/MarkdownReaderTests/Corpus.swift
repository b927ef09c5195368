import Foundation
import Testing

/// The shared test corpora, read in place from `../shared/corpora` next to the package root.
enum Corpus {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/corpora").standardizedFileURL

    static let isAvailable = FileManager.default.fileExists(atPath: root.path)
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
    /// Run corpus tests when the corpora exist, and under CI always (so that absence fails there).
    static let shouldRun = isAvailable || isCI

    static let spec = examples("spec-0.30.json", suite: "spec")
    static let regression = examples("regression.json", suite: "regression")
    static let smartPunctuation = examples("smart_punct.json", suite: "smart", smart: true)
    static let all = spec + regression + smartPunctuation

    private static func examples(_ name: String, suite: String, smart: Bool = false) -> [CorpusExample] {
        let url = root.appendingPathComponent("commonmark").appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url),
            let entries = try? JSONDecoder().decode([CorpusExample.Entry].self, from: data)
        else { return [] }
        return entries.map { CorpusExample(entry: $0, suite: suite, smart: smart) }
    }

    /// Every Markdown file under `text/<folder>`, sorted.
    static func textFiles(_ folder: String) -> [URL] {
        let base = root.appendingPathComponent("text").appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "md" {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// One example of a CommonMark JSON suite.
struct CorpusExample: Sendable, CustomTestStringConvertible {
    struct Entry: Decodable {
        var markdown: String
        var html: String
        var example: Int
        var section: String
    }

    var entry: Entry
    var suite: String
    var smart: Bool

    var testDescription: String { "\(suite) #\(entry.example) (\(entry.section))" }
}

extension CorpusExample.Entry: Sendable {}

@Suite struct CorpusPresenceTests {
    @Test(
        "The shared corpora are present (required under CI=true)",
        .enabled(if: Corpus.shouldRun, "../shared/corpora is absent: corpus tests skipped"))
    func corporaArePresent() {
        #expect(Corpus.isAvailable, "missing \(Corpus.root.path)")
        #expect(Corpus.spec.count == 652)
        #expect(Corpus.regression.count > 0)
        #expect(Corpus.smartPunctuation.count > 0)
    }
}
