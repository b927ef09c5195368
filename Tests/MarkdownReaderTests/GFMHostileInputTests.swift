import Foundation
import MarkdownReader
import NoteHTML
import TestSupport
import Testing

/// The extensions stay linear on hostile input: each of these renders in well under a second in a
/// release build; the bound here is ten times that, for debug builds on a busy machine.
struct GFMHostileInputTests {
    enum Shape: String, CaseIterable, Sendable {
        case tableRow10000Columns, tildes100000, footnoteOpeners50000, tildePairs50000,
            footnoteReferences20000
        case autolinks40000, ats100000, oneLineOneMegabyte

        var markdown: String {
            switch self {
            case .tableRow10000Columns:
                ["a", "-", "b"].map { "|" + String(repeating: "\($0)|", count: 10_000) + "\n" }.joined()
            case .tildes100000: String(repeating: "~", count: 100_000) + "\n"
            case .footnoteOpeners50000: String(repeating: "[^", count: 50_000) + "\n"
            case .tildePairs50000: String(repeating: "a~", count: 50_000) + "\n"
            case .footnoteReferences20000: String(repeating: "[^1]", count: 20_000) + "\n\n[^1]: x\n"
            case .autolinks40000:
                String(repeating: "www.a.com ", count: 20_000) + String(repeating: "a@b.co ", count: 20_000)
                    + "\n"
            case .ats100000: String(repeating: "@", count: 100_000) + "\n"
            case .oneLineOneMegabyte: String(repeating: "x ~y~ ", count: 170_000) + "\n"
            }
        }
    }

    @Test("Hostile input renders in linear time", arguments: Shape.allCases)
    func linear(_ shape: Shape) {
        let markdown = shape.markdown
        var html = ""
        let elapsed = ThreadCPUClock.measure {
            let document = MarkdownReader.read(markdown, options: ReaderOptions(syntax: .gfm))
            html = HTMLWriter(tagFilter: true).render(document)
        }
        print("gfm \(shape.rawValue): \(elapsed)")
        // Under scripts/sanitize the code runs many times slower: the bound holds in the normal run.
        let sanitized = ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] != nil
        #expect(sanitized || elapsed < .seconds(10), "\(shape.rawValue) took \(elapsed)")
        #expect(!html.isEmpty)
    }

    @Test("A 10,000-column table keeps every column")
    func wideTable() {
        let document = MarkdownReader.read(
            Shape.tableRow10000Columns.markdown, options: ReaderOptions(syntax: .gfm))
        #expect(document.blocks.count { if case .tableCell = $0.kind { true } else { false } } == 20_000)
    }
}
