import Foundation
import Testing

/// Real documents (Hugo's docs, the Rust book): cmark's HTML, lossless JSON, every image kept.
@Suite(.enabled(if: Corpus.shouldRun, "../shared/corpora is absent: text corpus skipped"))
struct TextCorpusTests {
    @Test("Real notes render as cmark does and round-trip", arguments: ["hugo-docs", "rust-book"])
    func folder(_ name: String) throws {
        let files = Corpus.textFiles(name)
        #expect(files.count > 100, "expected the \(name) corpus at \(Corpus.root.path)")
        var mismatches: [String] = []
        for file in files {
            let markdown = try String(contentsOf: file, encoding: .utf8)
            for unsafe in [false, true]
            where Rendering.html(markdown, unsafe: unsafe) != CmarkReference.html(markdown, unsafe: unsafe) {
                mismatches.append("\(file.lastPathComponent) (unsafe: \(unsafe))")
            }
            try ModelChecks.check(markdown)
        }
        #expect(mismatches.isEmpty, "HTML differs from cmark for: \(mismatches.prefix(10))")
    }
}
