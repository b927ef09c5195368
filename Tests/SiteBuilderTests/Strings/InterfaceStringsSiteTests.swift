import Foundation
import Testing

@testable import SiteBuilder

/// Built sites in another language: the pages, the scripts' table and the theme folder's words.
@Suite struct InterfaceStringsSiteTests {
    static let notes = [
        "Home.md": "# Home\n\nSee [[Trip]].\n",
        "Trip.md":
            "---\naliases: [Reise]\n---\n# Trip\n\n## Day one\n\nA note.[^1]\n\n## Day two\n\nMore.\n\n[^1]: A footnote.\n",
    ]

    @Test func aGermanSiteShowsGermanWordsAndGivesTheScriptsTheirs() async throws {
        var files = Self.notes
        files["notesite.yml"] = "language: de\nstrings:\n  linked_from: Erwähnt in\n"
        let (vault, report) = try await TestVault.built(files)
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let trip = try vault.read("_site/trip.html")
        #expect(trip.contains("<html lang=\"de\">"))
        #expect(trip.contains("placeholder=\"Suchen\""))
        #expect(trip.contains(">Auf dieser Seite</h2>"))
        #expect(trip.contains("aria-label=\"Zurück zum Text\""), "footnote back-links")
        #expect(!trip.contains("On this page") && !trip.contains("Back to content"))
        #expect(trip.contains(">Erwähnt in</h2>"), "the strings: setting")
        let script = try vault.read("_site/assets/strings.js")
        #expect(script.hasPrefix("window.notesiteStrings={"))
        #expect(script.contains("\"copy\":\"Kopieren\""))
        #expect(script.contains("\"linked_from\":\"Erwähnt in\""))
        #expect(trip.contains("<script src=\"assets/strings.js\" defer></script>"))
        #expect(
            try vault.read("_site/reise.html").contains(
                "<p>Verschoben nach <a href=\"trip.html\">Trip</a>.</p>"))
        let missing = try vault.read("_site/404.html")
        #expect(missing.contains("<h1>Nicht gefunden</h1>"))
    }

    @Test func aBaseSaysItsBuiltInSummariesInTheLanguage() async throws {
        let files = [
            "notesite.yml": "language: de\n",
            "A.md": "---\npages: 100\n---\n# A\n",
            "B.md": "---\npages: 300\n---\n# B\n",
            "Books.base": """
            views:
              - type: table
                name: Alle
                order: [file.name, pages]
                summaries:
                  pages: Average
              - type: map
                name: Karte
            """,
        ]
        let (vault, report) = try await TestVault.built(files)
        defer { vault.remove() }
        #expect(report.diagnostics.allSatisfy { $0.message.contains("is a map") }, "\(report.diagnostics)")
        let page = try vault.read("_site/books.base.html")
        #expect(page.contains("<span class=\"base-summary-name\">Durchschnitt</span> 200"))
        #expect(
            page.contains("Dies ist eine Ansicht vom Typ map, die diese Website nicht darstellt (3 Notizen).")
        )
    }

    @Test func anArabicSiteIsRightToLeft() async throws {
        var files = Self.notes
        files["notesite.yml"] = "language: ar\n"
        let (vault, report) = try await TestVault.built(files)
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty)
        #expect(try vault.read("_site/trip.html").contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(try vault.read("_site/404.html").contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(try vault.read("_site/assets/strings.js").contains("\"direction\":\"rtl\""))
    }

    @Test func aThemeFolderCanAddALanguage() async throws {
        var files = Self.notes
        files["notesite.yml"] = "language: sv\n"
        files["_theme/strings/sv.yml"] = "on_this_page: På den här sidan\n"
        let (vault, report) = try await TestVault.built(files)
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "sv is known once the theme has it: \(report.diagnostics)")
        let trip = try vault.read("_site/trip.html")
        #expect(trip.contains(">På den här sidan</h2>"))
        #expect(trip.contains("Linked from") || trip.contains("Skip to content"), "English for the rest")
        #expect(
            !FileManager.default.fileExists(
                atPath: vault.root.appendingPathComponent("_site/assets/sv.yml").path))
    }

    @Test func anUnknownLanguageBuildsInEnglishWithAWarning() async throws {
        var files = Self.notes
        files["notesite.yml"] = "language: tlh\n"
        let (vault, report) = try await TestVault.built(files)
        defer { vault.remove() }
        #expect(report.diagnostics.count == 1)
        #expect(report.diagnostics.first?.message.contains("'tlh'") == true)
        let trip = try vault.read("_site/trip.html")
        #expect(trip.contains("<html lang=\"tlh\">"))
        #expect(trip.contains(">On this page</h2>"))
    }
}
