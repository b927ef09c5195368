import Foundation
import Testing

@testable import SiteBuilder

/// A cold `notesite build` writes each page into the staging folder as it is made (``StagingWriter``)
/// instead of holding the whole site until Write: the output must be the site `serve` makes in
/// memory, byte for byte, and a build that fails after pages were written leaves nothing behind.
@Suite struct StreamedWriteTests {
    /// Every file under `folder` (but notesite's marker), by its path inside it.
    static func files(in folder: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: folder.path) else { return [:] }
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
                path != OutputFolder.marker
            else { continue }
            found[path] = try Data(contentsOf: url)
        }
        return found
    }

    /// Names beside the output that builds leave when they fail to clean up.
    static func leftovers(beside output: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
            .filter { $0.contains(".staging-") || $0.contains(".old-") }
    }

    /// Notes in folders, with tags, links and one note whose page lands where a listing goes
    /// (`tags.md` -> `tags.html`, the tag index): the listing wins, as in memory.
    static func vault() throws -> TestVault {
        let vault = try TestVault()
        try vault.write("# Home\n\nSee [[one]] and [[tags]].\n", to: "index.md")
        try vault.write("---\ntags: [red]\n---\n# One\n\nLinks [[two]].\n", to: "a/one.md")
        try vault.write("---\ntags: [red, blue]\n---\n# Two\n\nBack to [[one]].\n", to: "a/b/two.md")
        try vault.write("# Tags note\n\nA note named like the tag index.\n", to: "tags.md")
        for index in 0..<40 {
            try vault.write(
                "# Note \(index)\n\nWords [[note-\((index + 1) % 40)]].\n", to: "many/note-\(index).md")
        }
        return vault
    }

    /// A folder for outputs, outside the vault.
    static func place() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("pages written as they are made: the output is the in-memory site, byte for byte, at any --jobs")
    func streamedOutputIsTheSite() async throws {
        let vault = try Self.vault()
        defer { vault.remove() }
        let place = try Self.place()
        defer { try? FileManager.default.removeItem(at: place) }
        let (site, _) = await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))
        let expected = try #require(site).files
        #expect(
            expected["tags.html"].map { String(decoding: $0, as: UTF8.self) }?.contains("Tags note") == false)
        for jobs in [1, 4] {
            let output = place.appendingPathComponent("site-\(jobs)")
            // Twice: the second build finds its pages already in the old output (hard links).
            for _ in 0..<2 {
                let report = await SiteBuild.run(BuildOptions(vault: vault.root, output: output, jobs: jobs))
                #expect(report.wroteOutput, "\(report.diagnostics)")
                let written = try Self.files(in: output)
                #expect(Set(written.keys) == Set(expected.keys), "--jobs \(jobs)")
                for (path, data) in expected where written[path] != data {
                    Issue.record(
                        "\(path) differs from the in-memory site (--jobs \(jobs), \(data.count) bytes)")
                }
                #expect(try Self.leftovers(beside: output).isEmpty)
            }
        }
    }

    @Test(
        "a build that fails after its pages were written (strict, a warning) leaves the old site and no staging"
    )
    func failedStrictBuildLeavesNothing() async throws {
        let vault = try Self.vault()
        defer { vault.remove() }
        let output = vault.root.appendingPathComponent("_site")
        let first = await SiteBuild.run(
            BuildOptions(vault: vault.root, output: output, strict: true, jobs: 2))
        #expect(first.wroteOutput, "\(first.diagnostics)")
        let before = try Self.files(in: output)
        // A link to nowhere is a warning; under --strict the build fails after Pages ran.
        try vault.write("# One\n\nChanged, and [[nowhere]].\n", to: "a/one.md")
        let report = await SiteBuild.run(
            BuildOptions(vault: vault.root, output: output, strict: true, jobs: 2))
        #expect(!report.wroteOutput)
        #expect(report.stages.map(\.0).contains(PageStage.name), "the pages were made before it failed")
        #expect(try Self.files(in: output) == before, "the old site stays as it was")
        #expect(try Self.leftovers(beside: output).isEmpty, "the staging folder is thrown away")
    }

    @Test("a theme that does not compile fails the build with no staging folder left")
    func brokenThemeLeavesNothing() async throws {
        let vault = try Self.vault()
        defer { vault.remove() }
        let output = vault.root.appendingPathComponent("_site")
        try vault.write("<main>{{#unclosed}}</main>\n", to: "_theme/note.mustache")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, output: output, jobs: 2))
        #expect(!report.wroteOutput)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try Self.leftovers(beside: output).isEmpty)
    }
}
