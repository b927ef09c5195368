import Foundation
import Testing

@testable import CodeHighlighter

/// Runs real Pygments (Debian's python3-pygments); skipped with a message when it is absent,
/// failed when absent under CI=true.
enum Pygments {
    static let installed =
        FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pygments/__init__.py")
    static let shouldRun = installed || ProcessInfo.processInfo.environment["CI"] == "true"
}

@Suite(.enabled(if: Pygments.shouldRun, "python3-pygments is absent: highlighting tests skipped"))
struct HighlighterTests {
    static let python = CodeHighlighter.Block(language: "python", code: "def f(x):\n    return x < 1  # hi\n")

    @Test func highlightsWithShortClassesAndAliases() async throws {
        let blocks: Set = [
            Self.python, .init(language: "SH", code: "ls -la\n"), .init(language: "md", code: "# Title\n"),
            .init(language: "go-html-template", code: "{{ .Title }}\n"),
        ]
        let result = await CodeHighlighter.highlight(blocks, cacheFolder: nil, jobs: 2)
        #expect(result.notice == nil)
        #expect(result.highlighted == 4)
        let html = try #require(result.tokens[Self.python])
        #expect(html.contains("<span class=\"k\">def</span>"))
        #expect(html.contains("<span class=\"o\">&lt;</span>"))
        #expect(html.contains("<span class=\"c1\"># hi</span>"))
        #expect(result.tokens.count == 4)
        #expect(result.pygments?.hasPrefix("pygments 2.") == true)
    }

    /// Code with `é` as one scalar and as `e` plus a combining accent: canonically equivalent
    /// Strings, different bytes. Each block keeps its own bytes, highlighted and from the cache.
    @Test func equivalentButDifferentCodeKeepsItsOwnBytes() async throws {
        let composed = CodeHighlighter.Block(language: "python", code: "x = \"caf\u{E9}\"\n")
        let decomposed = CodeHighlighter.Block(language: "python", code: "x = \"cafe\u{301}\"\n")
        #expect(composed.code == decomposed.code, "Swift's String equality says they are the same")
        #expect(composed != decomposed && Set([composed, decomposed]).count == 2)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for round in ["cold", "warm"] {
            let result = await CodeHighlighter.highlight(
                [composed, decomposed], cacheFolder: folder, jobs: 1)
            #expect(result.tokens.count == 2, "\(round)")
            let one = Array(try #require(result.tokens[composed]).utf8)
            let other = Array(try #require(result.tokens[decomposed]).utf8)
            #expect(one.contains(0xC3) && !other.contains(0xC3), "\(round): é as C3 A9 in the first only")
            #expect(
                other.contains(0xCC) && !one.contains(0xCC), "\(round): U+0301 as CC 81 in the second only")
        }
    }

    @Test func unknownLanguagesStayPlain() async {
        let blocks: Set = [CodeHighlighter.Block(language: "no-such-language", code: "x = 1\n")]
        let result = await CodeHighlighter.highlight(blocks, cacheFolder: nil, jobs: 1)
        #expect(result.tokens.isEmpty)
        #expect(result.html(info: "no-such-language", code: "x = 1\n") == nil)
        #expect(result.notice == nil)
    }

    @Test func manyBatchesOverSeveralHelpersKeepTheirOrder() async {
        // Enough code for dozens of batches; each answer must belong to its own block.
        let blocks = Set(
            (0..<3000).map {
                CodeHighlighter.Block(
                    language: "python",
                    code: "value_\($0) = \($0)\n" + String(repeating: "#", count: 40) + "\n")
            })
        let result = await CodeHighlighter.highlight(blocks, cacheFolder: nil, jobs: 3)
        #expect(result.tokens.count == 3000)
        for block in blocks {
            let number = block.code.split(separator: "\n")[0].split(separator: " ").last ?? ""
            #expect(result.tokens[block]?.contains("<span class=\"n\">value_\(number)</span>") == true)
        }
    }

    @Test func pygmentsAbsentLeavesEverythingPlainWithANotice() async {
        let result = await CodeHighlighter.highlight(
            [Self.python], cacheFolder: nil, jobs: 1, python: URL(fileURLWithPath: "/nonexistent/python3"))
        #expect(result.tokens.isEmpty)
        #expect(result.notice?.contains("python3-pygments") == true)
    }

    @Test func aWarmCacheNeedsNoHelper() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocks: Set = [Self.python, .init(language: "nope", code: "x\n")]
        let cold = await CodeHighlighter.highlight(blocks, cacheFolder: folder, jobs: 2)
        #expect(cold.highlighted == 2 && cold.cacheHits == 0)
        // A missing interpreter proves the warm build never starts one.
        let warm = await CodeHighlighter.highlight(
            blocks, cacheFolder: folder, jobs: 2, python: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(warm.cacheHits == 2 && warm.highlighted == 0)
        #expect(warm.tokens == cold.tokens)
        // Changed code misses; unchanged code still hits.
        let changed: Set = [Self.python, .init(language: "python", code: "y = 2\n")]
        let next = await CodeHighlighter.highlight(changed, cacheFolder: folder, jobs: 1)
        #expect(next.cacheHits == 1 && next.highlighted == 1)
    }

    @Test func aDamagedCacheIsIgnored() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = await CodeHighlighter.highlight([Self.python], cacheFolder: folder, jobs: 1)
        let pack = folder.appendingPathComponent("highlight/entries.pack")
        let data = try Data(contentsOf: pack)
        try data.prefix(data.count - 5).write(to: pack)
        let again = await CodeHighlighter.highlight([Self.python], cacheFolder: folder, jobs: 1)
        #expect(again.cacheHits == 0 && again.highlighted == 1)
        #expect(again.tokens[Self.python]?.contains("<span class=\"k\">def</span>") == true)
    }

    @Test func unusedEntriesArePruned() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = Date(timeIntervalSince1970: 1_000_000_000)
        var old = HighlightCache(folder: folder, now: long)
        let a = HighlightCache.Key(pygments: "p", language: "python", code: "a")
        let b = HighlightCache.Key(pygments: "p", language: "python", code: "b")
        old.store(.html("a"), for: a)
        #expect(old.save())
        var later = HighlightCache(folder: folder, now: long.addingTimeInterval(40 * 86_400))
        #expect(later.pack.count == 1)
        later.store(.unknown, for: b)
        #expect(later.save())
        let reread = HighlightCache(folder: folder, now: long.addingTimeInterval(40 * 86_400))
        #expect(reread.keys.map(\.code) == [b.code])
    }
}
