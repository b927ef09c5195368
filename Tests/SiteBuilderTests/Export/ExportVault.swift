import Foundation

@testable import SiteBuilder

/// The vault the export tests share: a home note, a trip with math, an embed, a heading and an image
/// that the home note shows too, a note in another folder, and a draft.
enum ExportVault {
    static let notes: [String: String] = [
        "notesite.yml": "title: Travel notes\n",
        "index.md": """
        # Home

        Off to [[Lisbon]] and [[Porto#Wine]]. Also [[Later]].

        ![Tram](images/tram.png)
        """,
        "trips/Lisbon.md": """
        # Lisbon

        Trams climb at $\\frac{1}{2}$ a metre a second.

        ![[Porto#Wine]]

        ![The same tram](../images/tram.png)

        ## Hills

        Back [[index|home]], or to [the hills](#hills).
        """,
        "trips/Porto.md": """
        # Porto

        \(String(repeating: "The river bends below the old town.\n\n", count: 40))
        ## Wine

        Port wine lodges across the river.

        ```swift
        let answer = "</script><!-- 42"
        ```
        """,
        "ideas/Later.md": "# Later\n\nMaybe Seville.\n",
        "ideas/Draft.md": "---\ndraft: true\n---\n# Draft\n",
    ]

    static let images: [String: Data] = [
        "images/tram.png": TinyPNG.drawn(width: 120, height: 90) { x, y in
            (UInt8((x * 37 ^ y * 91) & 0xFF), UInt8((x * y) & 0xFF), UInt8((x + y * 7) & 0xFF))
        }
    ]

    static func make() throws -> TestVault {
        let vault = try TestVault()
        for (path, text) in notes { try vault.write(text, to: path) }
        for (path, data) in images { try vault.write(data, to: path) }
        return vault
    }

    /// `subject` (a path in the vault, `""` for the vault) exported with two jobs, the file outside the vault.
    static func export(
        _ vault: TestVault, _ subject: String, file: URL? = nil, links: ExportOptions.OutsideLinks = .site
    ) async -> SiteExport.Result {
        let options = ExportOptions(
            build: BuildOptions(vault: vault.root, jobs: 2),
            subject: vault.root.appendingPathComponent(subject),
            file: file ?? FileManager.default.temporaryDirectory.appendingPathComponent("export.html"),
            outsideLinks: links)
        return await SiteExport.run(options)
    }
}
