import Foundation
import TestSupport
import Testing
import YAMLReader

/// Found by fuzzing (scripts/fuzz frontmatter): front matter or `notesite.yml` that took minutes.
@Suite struct YAMLLinearTimeTests {
    /// Under scripts/sanitize the code runs many times slower: the bound holds in the normal run.
    static let sanitized = ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] != nil

    func parse(_ text: String) -> (YAMLNode?, Duration, YAMLError?) {
        var node: YAMLNode?
        var failure: YAMLError?
        let elapsed = ThreadCPUClock.measure {
            do { node = try YAMLReader.parse(text, file: "x.yml") } catch { failure = error as? YAMLError }
        }
        return (node, elapsed, failure)
    }

    // Appending to a collection copied it each time: 20,000 keys took 28 s.
    @Test("long mappings and lists parse in linear time", arguments: [false, true])
    func longCollections(flow: Bool) throws {
        let count = 200_000
        let text =
            flow
            ? "tags: [" + (0..<count).map { "t\($0)" }.joined(separator: ", ") + "]\n"
            : (0..<count).map { "key\($0): value\n" }.joined()
        let (node, elapsed, _) = parse(text)
        let root = try #require(node)
        guard case .mapping(let entries) = root.kind else {
            Issue.record("not a mapping")
            return
        }
        if flow {
            guard case .sequence(let items) = entries.first?.value.kind else {
                Issue.record("not a list")
                return
            }
            #expect(items.count == count)
            #expect(items.last?.kind == .scalar("t\(count - 1)", plain: true))
        } else {
            #expect(entries.count == count)
        }
        #expect(Self.sanitized || elapsed < .seconds(10), "took \(elapsed)")
    }

    // libyaml does work per token for each open flow collection: 100,000 `[` took minutes.
    @Test("nesting past the limit is an error at its place, found at once")
    func tooDeep() {
        let (_, elapsed, failure) = parse("a:\n  b: " + String(repeating: "[", count: 100_000))
        // Two mappings and 98 lists are open when the 99th `[` (line 2, column 6 + 98) comes.
        #expect(failure?.description == "x.yml:2:104: error: YAML nested deeper than 100 levels")
        #expect(Self.sanitized || elapsed < .seconds(1), "took \(elapsed)")
        let (node, _, allowed) = parse(
            "a:\n  b: " + String(repeating: "[", count: 98) + String(repeating: "]", count: 98))
        #expect(allowed == nil && node != nil, "100 levels are allowed")
    }
}
