import Foundation
import MarkdownReader
import NoteHTML
import NoteModel
import TestSupport
import Testing

/// Hostile inputs stay linear with Obsidian's syntax on: each renders well under a second (the
/// bound is 10x generous for a loaded machine; a quadratic scan takes minutes on these sizes).
struct ObsidianLinearTimeTests {
    static let cases: [(String, String)] = [
        ("20,000 [[", String(repeating: "[[a ", count: 20_000)),
        ("20,000 ![[ closed", String(repeating: "![[a.png|3]] [[b#c|d]] ", count: 20_000)),
        ("1 MB on one line", String(repeating: "word $x ==y #t %z [a] ", count: 50_000)),
        ("50,000 ==", String(repeating: "== a", count: 50_000)),
        ("50,000 == paired", String(repeating: "==a== ", count: 50_000)),
        ("50,000 %%", String(repeating: "%% a ", count: 50_000)),
        ("50,000 $", String(repeating: "$a ", count: 50_000)),
        ("50,000 $$", String(repeating: "$$ a\n", count: 50_000)),
        ("50,000 backtick runs", (1...300).map { String(repeating: "`", count: $0) + " x " }.joined()),
        ("10,000 callouts deep", String(repeating: "> [!note] t\n", count: 10_000)),
        ("20,000 block ids", String(repeating: "text ^id\n\n", count: 20_000)),
        ("20,000 headings", String(repeating: "# Same\n", count: 20_000)),
    ]

    @Test(arguments: cases)
    func rendersQuickly(name: String, markdown: String) {
        var html = ""
        let elapsed = ThreadCPUClock.measure {
            html = HTMLWriter().render(Obsidian.read(markdown))
        }
        print("notes \(name): \(elapsed) for \(markdown.utf8.count) bytes")
        #expect(!html.isEmpty)
        // Under scripts/sanitize the code runs many times slower: the bound holds in the normal run.
        let sanitized = ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] != nil
        #expect(sanitized || elapsed < .seconds(10), "\(name) took \(elapsed)")
    }
}
