import Foundation
import Testing

@testable import SiteBuilder

/// Notes dated by the vault's git history: created by a note's first commit, updated by its last
/// change, followed through renames, read once and kept by commit; outside git, by file times.
@Suite struct GitDatesSiteTests {
    static func build(_ vault: URL, memory: BuildMemory? = nil) async -> (SiteFiles?, BuildReport) {
        var options = BuildOptions(vault: vault, jobs: 2)
        options.memory = memory
        return await SiteBuild.make(options)
    }

    static func page(_ site: SiteFiles?, _ path: String) -> String {
        site?.files[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func createdAndUpdatedComeFromTheFirstAndLastCommit() async throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("base_url: https://example.org/\n", to: "notesite.yml")
        try repository.write("# Alpha\n\nfirst\n", to: "alpha.md")
        try repository.write("# Beta\n\nonce\n", to: "beta.md")
        let base =
            "formulas:\n  made: file.ctime.format(\"YYYY-MM-DD\")\n  changed: file.mtime.format(\"YYYY-MM-DD\")\n"
            + "views:\n  - type: table\n    name: Dates\n"
            + "    order: [file.name, formula.made, formula.changed]\n"
        try repository.write("# Dates\n\n```base\n\(base)```\n", to: "dates.md")
        try repository.commit(at: "2021-03-04T10:00:00Z")
        try repository.write("# Alpha\n\nsecond\n", to: "alpha.md")
        try repository.commit(at: "2022-07-08T09:30:00Z")
        try repository.write("---\ndate: 2020-01-01\n---\n# Gamma\n", to: "gamma.md")
        try repository.commit(at: "2023-05-06T00:00:00Z")
        let (site, report) = await Self.build(repository.root)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let alpha = Self.page(site, "alpha.html")
        #expect(alpha.contains("Created <time datetime=\"2021-03-04T10:00:00Z\">March 4, 2021</time>"))
        #expect(alpha.contains("Updated <time datetime=\"2022-07-08T09:30:00Z\">July 8, 2022</time>"))
        // Never changed since it was added: no updated date beside the created one.
        let beta = Self.page(site, "beta.html")
        #expect(beta.contains("Created <time datetime=\"2021-03-04T10:00:00Z\">March 4, 2021</time>"))
        #expect(!beta.contains("Updated"))
        // Front matter `date` wins for the created date.
        let gamma = Self.page(site, "gamma.html")
        #expect(gamma.contains("Created <time datetime=\"2020-01-01T00:00:00Z\">January 1, 2020</time>"))
        #expect(gamma.contains("Updated <time datetime=\"2023-05-06T00:00:00Z\">May 6, 2023</time>"))
        // Bases' file.ctime and file.mtime are the same dates.
        let dates = Self.page(site, "dates.html")
        let table = try #require(dates.range(of: "<tbody>").map { String(dates[$0.upperBound...]) })
        #expect(table.contains("<td>2021-03-04</td><td>2022-07-08</td>"), "\(table.prefix(600))")
        let sitemap = Self.page(site, "sitemap.xml")
        #expect(
            sitemap.contains(
                "<loc>https://example.org/alpha.html</loc><lastmod>2022-07-08T09:30:00Z</lastmod>"))
        #expect(sitemap.contains("<loc>https://example.org/index.html</loc></url>"))
        let feed = Self.page(site, "feed.xml")
        #expect(
            feed.contains(
                "<published>2020-01-01T00:00:00Z</published>\n<updated>2023-05-06T00:00:00Z</updated>"))
        // The home page lists the notes updated last, newest first.
        let home = Self.page(site, "index.html")
        let list = try #require(
            home.range(of: "Recently updated</h2>").map { String(home[$0.upperBound...]) })
        let order = ["gamma.html", "alpha.html", "beta.html"].compactMap { list.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
    }

    @Test func aRenameKeepsTheNotesDates() async throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("# Moved\n\none\n", to: "old name.md")
        try repository.write("# Edited\n\none\ntwo\nthree\nfour\nfive\n", to: "before.md")
        try repository.commit(at: "2020-02-03T00:00:00Z")
        try repository.write("# Moved\n\none\ntwo\n", to: "old name.md")
        try repository.commit(at: "2020-06-07T00:00:00Z")
        try FileManager.default.createDirectory(
            at: repository.root.appendingPathComponent("folder"), withIntermediateDirectories: true)
        try repository.git("mv", "old name.md", "folder/new name.md")
        try repository.git("mv", "before.md", "after.md")
        try repository.write("# Edited\n\none\ntwo\nthree\nfour\nfive\nsix\n", to: "after.md")
        try repository.commit(at: "2024-01-02T00:00:00Z")
        let (site, _) = await Self.build(repository.root)
        // A move alone keeps both dates; a move with an edit is an update.
        let moved = Self.page(site, "folder/new-name.html")
        #expect(moved.contains("Created <time datetime=\"2020-02-03T00:00:00Z\">"))
        #expect(moved.contains("Updated <time datetime=\"2020-06-07T00:00:00Z\">"))
        let edited = Self.page(site, "after.html")
        #expect(edited.contains("Created <time datetime=\"2020-02-03T00:00:00Z\">"))
        #expect(edited.contains("Updated <time datetime=\"2024-01-02T00:00:00Z\">"))
    }

    @Test func aVaultInAFolderOfTheRepositoryReadsOnlyItsOwnHistory() async throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("# Note\n", to: "notes/note.md")
        try repository.write("# Outside\n", to: "note.md")
        try repository.commit(at: "2021-01-01T00:00:00Z")
        // The same name outside the vault, changed later: not the vault's note.
        try repository.write("# Outside, later\n", to: "note.md")
        try repository.commit(at: "2023-01-01T00:00:00Z")
        let (site, report) = await Self.build(repository.root.appendingPathComponent("notes"))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let note = Self.page(site, "note.html")
        #expect(note.contains("Created <time datetime=\"2021-01-01T00:00:00Z\">"))
        #expect(!note.contains("Updated"))
    }

    @Test func aChangeNotCommittedIsUpdatedAtTheFilesTime() async throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("# Draft\n\none\n", to: "draft.md")
        try repository.commit(at: "2021-01-01T00:00:00Z")
        try repository.write("# Draft\n\ntwo\n", to: "draft.md")
        repository.touch("draft.md", at: 1_735_776_000)  // 2025-01-02T00:00:00Z
        try repository.write("# New\n", to: "new.md")
        repository.touch("new.md", at: 1_700_000_000)  // 2023-11-14T22:13:20Z
        let (site, _) = await Self.build(repository.root)
        let draft = Self.page(site, "draft.html")
        #expect(draft.contains("Created <time datetime=\"2021-01-01T00:00:00Z\">"))
        #expect(draft.contains("Updated <time datetime=\"2025-01-02T00:00:00Z\">January 2, 2025</time>"))
        // Never committed: its file's time.
        #expect(Self.page(site, "new.html").contains("Created <time datetime=\"2023-11-14T22:13:20Z\">"))
    }

    @Test func aShallowCloneIsWarnedAboutOnce() async throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        for (index, year) in [2019, 2020, 2021].enumerated() {
            try repository.write("# Note \(index)\n", to: "note\(index).md")
            try repository.commit(at: "\(year)-01-01T00:00:00Z")
        }
        let clone = repository.root.deletingLastPathComponent().appendingPathComponent(
            "notesite-clone-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: clone) }
        try repository.git("clone", "-q", "--depth", "1", "file://\(repository.root.path)", clone.path)
        let (_, report) = await Self.build(clone)
        let warnings = report.diagnostics.filter { $0.message.contains("shallow") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("fetch-depth: 0") == true)
        #expect(warnings.first?.severity == .warning)
        // The whole history: no warning.
        let (_, full) = await Self.build(repository.root)
        #expect(!full.diagnostics.contains { $0.message.contains("shallow") })
    }

    @Test func outsideGitTheFilesTimeDatesANote() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Plain\n", to: "plain.md")
        var times = [
            timespec(tv_sec: 1_557_100_800, tv_nsec: 0), timespec(tv_sec: 1_557_100_800, tv_nsec: 0),
        ]
        _ = utimensat(AT_FDCWD, vault.root.appendingPathComponent("plain.md").path, &times, 0)
        #expect(!GitCommand.hasGitAbove(vault.root.resolvingSymlinksInPath().path))
        let (site, report) = await Self.build(vault.root)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(
            Self.page(site, "plain.html").contains(
                "Created <time datetime=\"2019-05-06T00:00:00Z\">May 6, 2019</time>"))
    }
}
