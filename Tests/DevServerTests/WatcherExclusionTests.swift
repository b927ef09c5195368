import Foundation
import SiteBuilder
import Testing

/// `serve`'s watcher obeys the `exclude` setting: a change to a file the site leaves out starts no
/// rebuild, and a change of the setting itself is followed.
@Suite struct WatcherExclusionTests {
    func waitForRebuild(after version: Int, _ fixture: ServerFixture) async throws {
        let deadline = ContinuousClock.now + Patience.duration
        while fixture.server.snapshot.version == version && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test("changes in excluded files and folders start no rebuild; others still do")
    func excludedChangesAreIgnored() async throws {
        let fixture = try await ServerFixture(files: [
            "a.md": "# A\n\nfirst\n", "drafts/x.md": "# X\n\ndraft\n", "notes/deep/b.md": "# B\n",
            "notesite.yml": "exclude: [drafts/, \"*.tmp.md\", \"notes/**/secret-*\"]\n",
        ])
        defer { fixture.stop() }
        let first = fixture.server.snapshot.version
        try fixture.save("# X\n\nedited draft\n", to: "drafts/x.md")
        try fixture.write("new draft\n", to: "drafts/deeper/new.md")
        try fixture.write("scratch\n", to: "scratch.tmp.md")
        try fixture.write("scratch\n", to: "notes/later.tmp.md")
        try fixture.write("hidden\n", to: "notes/deep/secret-plan.md")
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("notes/later.tmp.md"))
        // Longer than the watcher's quiet period and its longest delay (1 s).
        try await Task.sleep(for: .milliseconds(1500))
        #expect(fixture.server.snapshot.version == first, "a change in an excluded file started a rebuild")

        try fixture.save("# A\n\nsecond\n", to: "a.md")
        try await waitForRebuild(after: first, fixture)
        #expect(fixture.server.snapshot.version > first, "an edit of an included note was not seen")
        #expect(try await RawHTTP.request("/a.html", port: fixture.port).text.contains("second"))
        #expect(try await RawHTTP.request("/drafts/x.html", port: fixture.port).status == 404)
    }

    @Test("a folder the setting no longer excludes is watched from then on")
    func settingChangeIsFollowed() async throws {
        let fixture = try await ServerFixture(files: [
            "a.md": "# A\n", "drafts/x.md": "# X\n\ndraft one\n", "notesite.yml": "exclude: [drafts/]\n",
        ])
        defer { fixture.stop() }
        let first = fixture.server.snapshot.version
        try fixture.save("exclude: [private/]\n", to: "notesite.yml")
        try await waitForRebuild(after: first, fixture)
        let second = fixture.server.snapshot.version
        #expect(second > first, "a change of notesite.yml was not seen")
        #expect(try await RawHTTP.request("/drafts/x.html", port: fixture.port).text.contains("draft one"))

        try fixture.save("# X\n\ndraft two\n", to: "drafts/x.md")
        try await waitForRebuild(after: second, fixture)
        #expect(
            fixture.server.snapshot.version > second, "an edit in a folder no longer excluded was not seen")
        #expect(try await RawHTTP.request("/drafts/x.html", port: fixture.port).text.contains("draft two"))
    }

    @Test("rules apply to a path and every folder above it; notesite.yml is never left out")
    func rulesCoverFoldersAbove() {
        let exclusions = VaultExclusions(patterns: ["drafts/", "*.yml", "journal/**/draft-*"])
        #expect(exclusions.excludes("drafts", isFolder: true))
        #expect(exclusions.excludes("drafts/deep/x.md", isFolder: false))
        #expect(exclusions.excludes("a/drafts/x.md", isFolder: false))
        #expect(!exclusions.excludes("drafts", isFolder: false))
        #expect(exclusions.excludes("journal/2024/draft-a.md", isFolder: false))
        #expect(!exclusions.excludes("journal/2024/a.md", isFolder: false))
        #expect(exclusions.excludes("other.yml", isFolder: false))
        #expect(!exclusions.excludes("notesite.yml", isFolder: false))
        #expect(exclusions.excludes("notes/.obsidian/x.json", isFolder: false))
    }
}
