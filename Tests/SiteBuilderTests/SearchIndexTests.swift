import Foundation
import Testing

@testable import SiteBuilder

@Suite struct SearchIndexTests {
    /// The script's JSON payload, parsed.
    func entries(in script: String) throws -> [[String: Any]] {
        let prefix = "window.notesiteSearch="
        #expect(script.hasPrefix(prefix) && script.hasSuffix(";\n"))
        let json = script.dropFirst(prefix.count).dropLast(2)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["notes"] as? [[String: Any]])
    }

    @Test func indexesTitlesHeadingsAndText() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Lisbon\n\n## Food\n\nPastéis de *nata* near the river.\n", to: "trips/Lisbon.md")
        try vault.write("# Quotes \"and\" </script> tricks\n\nBackslash \\\\ and tab\there.\n", to: "odd.md")
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        let script = try vault.read("_site/assets/search-index.js")
        #expect(!script.contains("</script>"), "the script cannot end itself")
        let notes = try entries(in: script)
        #expect(notes.count == 2)
        let lisbon = try #require(notes.first { $0["u"] as? String == "trips/lisbon.html" })
        #expect(lisbon["t"] as? String == "Lisbon")
        #expect(lisbon["h"] as? [String] == ["Lisbon", "Food"])
        #expect((lisbon["x"] as? String)?.contains("Pastéis de nata near the river.") == true)
        let odd = try #require(notes.first { $0["u"] as? String == "odd.html" })
        #expect(odd["t"] as? String == "Quotes \"and\" </script> tricks")
        #expect((odd["x"] as? String)?.contains("Backslash \\ and tab here.") == true)
    }

    @Test func longNotesAreBounded() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(String(repeating: "word ", count: 50_000) + "\n", to: "long.md")
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        let notes = try entries(in: try vault.read("_site/assets/search-index.js"))
        let text = try #require(notes.first?["x"] as? String)
        #expect(text.count <= SearchIndex.textLimit && text.count > SearchIndex.textLimit - 10)
    }
}
