import DefaultTheme
import Foundation
import Testing

@testable import SiteBuilder

/// A German and an Arabic build of one small vault in a real browser
/// (Tests/Browser/interface_language_test.py): no English interface text left once search, the
/// explorer, the contents and the preview have been used, and the Arabic layout mirrored.
@Suite struct InterfaceLanguageBrowserTests {
    static func files(language: String) -> [String: String] {
        [
            "notesite.yml": "title: Reisen\nlanguage: \(language)\n",
            "Home.md": "# Home\n\nStart with [[Trip]] and [[Plans]].\n",
            "travel/Trip.md": """
            ---
            tags: [travel]
            ---
            # Trip

            Back to [[Home]].[^1]

            ## Morning

            ![[red.png]]

            ## Evening

            ![[blue.png]]

            ```swift
            let plans = 1
            ```

            [^1]: Written on the way.

            """,
            "travel/Plans.md": "# Plans\n\nThe [[Trip#Morning|morning]] first.\n",
        ]
    }

    static func build(language: String) async throws -> TestVault {
        let (vault, report) = try await TestVault.built(
            files(language: language),
            images: [
                "travel/red.png": TinyPNG.solid(width: 320, height: 200),
                "travel/blue.png": TinyPNG.solid(width: 320, height: 200, rgb: (40, 60, 200)),
            ])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        return vault
    }

    @Test(BrowserScript.timeLimit(minutes: 4)) func germanAndArabicInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let german = try await Self.build(language: "de")
        defer { german.remove() }
        let arabic = try await Self.build(language: "ar")
        defer { arabic.remove() }
        var tables: [String: [String: String]] = [:]
        for language in ["en", "de", "ar"] { tables[language] = InterfaceStrings(language: language).values }
        let tablesFile = german.root.appendingPathComponent("tables.json")
        try JSONEncoder().encode(tables).write(to: tablesFile)
        let script = DemoVaultTests.packageRoot.appendingPathComponent(
            "Tests/Browser/interface_language_test.py")
        let screenshots = DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots")
        print(
            try BrowserScript.run([
                script.path, german.root.appendingPathComponent("_site").path,
                arabic.root.appendingPathComponent("_site").path, tablesFile.path, screenshots.path,
            ]))
    }
}
