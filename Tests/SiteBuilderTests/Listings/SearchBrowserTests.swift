import ChildProcess
import Foundation
import Testing

@testable import SiteBuilder

/// Search in a real browser: Tests/Browser/search_test.py over a small vault made for ranking,
/// typos and CJK, and over a generated 4,000-note vault for the index's size and load time and
/// each keystroke's latency (the figures are printed).
@Suite(.serialized) struct SearchBrowserTests {
    static let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/search_test.py")

    /// Each note shows one thing the browser test checks.
    static let notes: [String: String] = [
        "Marmalade.md": "# Marmalade\n\nA recipe with oranges and sugar.\n",
        "Breakfast.md": "# Breakfast\n\n## Marmalade on toast\n\nBread and butter.\n",
        "Pantry.md": "---\ntags: [marmalade, jars]\n---\n# Pantry\n\nShelves of jars.\n",
        "Diary.md": "# Diary\n\nI ate marmalade today. More marmalade tomorrow, marmalade forever.\n",
        "cafe-muller.md": "# Café Müller\n\nA ﬁle of notes about coffee.\n",
        "tokyo.md": "# 東京旅行\n\n東京都の庁舎を見ました。\n",
        "katakana.md": "# カタカナ\n\nJapanese script.\n",
        "korean.md": "# 한국어 검색\n\n검색 엔진은 한국어를 찾습니다.\n",
        "folder/deep.md": "# Deep note\n\nIn a folder.\n",
        // Text the two tokenisers (Swift and JavaScript) must split alike.
        "tricky.md": "# Tricky\n\nİstanbul ΟΔΟΣ οδός हिन्दी ＡＢＣ ǅemal Straße ﬀ ½ ① ｶﾀｶﾅ x\u{0301}y ٣٤ Ǻ\n",
        "long.md": "# Airships\n\n" + filler(40) + "The zeppelin rose over the town. " + filler(30)
            + "At dusk the zeppelin returned to its hangar by the lake. " + filler(10) + "\n",
    ]

    static func filler(_ sentences: Int) -> String {
        String(repeating: "The weather was calm and the fields were green. ", count: sentences)
    }

    /// A vault of `count` notes in folders of 500 with a vocabulary of real and made-up words,
    /// drawn so that few words are common and most are rare, as in real writing.
    static func generatedVault(notes count: Int) throws -> TestVault {
        let vault = try TestVault()
        let common = "harbour lantern station river bridge market bread coffee window garden letter morning"
            .split(separator: " ").map(String.init)
        let syllables = [
            "ka", "lo", "mi", "ren", "tas", "bu", "sil", "or", "ve", "nat", "pe", "dro", "qui", "zen",
        ]
        var random = SplitMix64(seed: 4000)
        let made = (0..<24_000).map { _ in
            (0..<(2 + random.next(3))).map { _ in syllables[random.next(syllables.count)] }.joined()
        }
        let words = common + made
        // Log-uniform ranks: word n is drawn about 1/n as often as the first (Zipf's law).
        func word() -> String {
            let unit = Double(random.next(1 << 30)) / Double(1 << 30)
            return words[Int(pow(Double(words.count), unit)) - 1]
        }
        func phrase(_ length: Int) -> String { (0..<length).map { _ in word() }.joined(separator: " ") }
        for number in 0..<count {
            let text = """
                ---
                tags: [\(word()), \(word())]
                ---
                # \(phrase(3).capitalized) \(number)

                \(phrase(60)).

                ## \(phrase(3).capitalized)

                \(phrase(50)). See [[note-\(random.next(count))]].

                ## \(phrase(2).capitalized)

                - \(phrase(12))
                - \(phrase(12))

                """
            try vault.write(text, to: "area-\(number / 500)/note-\(number).md")
        }
        return vault
    }

    @Test(BrowserScript.timeLimit(minutes: 10)) func searchWorksInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let small = try TestVault()
        defer { small.remove() }
        for (path, text) in Self.notes { try small.write(text, to: path) }
        let smallReport = await SiteBuild.run(BuildOptions(vault: small.root, strict: true, jobs: 2))
        #expect(smallReport.diagnostics.isEmpty, "\(smallReport.diagnostics)")
        let big = try Self.generatedVault(notes: 4000)
        // NOTESITE_KEEP_SEARCH_VAULT=1 keeps the generated vault and its site, to measure by hand.
        let keep = ProcessInfo.processInfo.environment["NOTESITE_KEEP_SEARCH_VAULT"] == "1"
        defer { if keep { print("kept \(big.root.path)") } else { big.remove() } }
        // Built by the notesite command at low priority when it is there, so the 4,000 notes do
        // not hold the test process's small thread pool that the serve tests share.
        if let notesite = OutputSafetyTests.notesiteBinary {
            let built = try await Self.run(
                "/usr/bin/nice", ["-n", "10", notesite.path, "build", big.root.path, "--quiet"], log: nil)
            #expect(built == 0)
        } else {
            let bigReport = await SiteBuild.run(BuildOptions(vault: big.root, jobs: 2))
            #expect(bigReport.errorCount == 0)
        }

        let log = big.root.appendingPathComponent("browser.log")
        let arguments = [
            Self.script.path, small.root.appendingPathComponent("_site").path,
            big.root.appendingPathComponent("_site").path,
            DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots").path,
        ]
        let status = try await Self.run(BrowserScript.python, arguments, log: log)
        let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        print(printed)
        #expect(status == 0, "\(printed)")
        #expect(printed.contains(" 0 failed"), "\(printed)")
        #expect(printed.contains("FIGURE keystroke latency"), "\(printed)")
    }

    /// Runs a program to its end, its output into `log` (or nowhere), without holding a thread
    /// of the shared pool while it waits.
    static func run(_ program: String, _ arguments: [String], log: URL?) async throws -> Int32 {
        var output: FileHandle?
        if let log {
            FileManager.default.createFile(atPath: log.path, contents: nil)
            output = try FileHandle(forWritingTo: log)
        }
        let stream: ChildProcess.Stream = output.map { .file($0) } ?? .null
        let process = try ChildProcess(program, arguments, output: stream, error: stream)
        try? output?.close()
        return await process.finished()
    }
}
