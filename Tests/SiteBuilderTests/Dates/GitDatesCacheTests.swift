import Foundation
import Testing

@testable import SiteBuilder

/// The history kept by commit: a rebuild reads only the commits since, a rewritten history is read
/// again whole, and in `serve` a commit makes again the pages whose dates it changed.
@Suite struct GitDatesCacheTests {
    @Test func theLogIsParsedFollowingRenamesDeletionsAndAddsAgain() {
        var history = GitHistory(head: "", prefix: "", files: [:])
        let log =
            "\u{1}c1 100\0\nA\0a.md\0A\0b.md\0A\0gone.md\0"
            + "\u{1}c2 200\0\nM\0a.md\0R100\0b.md\0c.md\0D\0gone.md\0"
            + "\u{1}c3 300\0\nR087\0a.md\0d/a.md\0A\0gone.md\0"
        history.apply(log: Array(log.utf8))
        #expect(
            history.files == [
                "c.md": .init(created: 100, updated: 100), "d/a.md": .init(created: 100, updated: 300),
                "gone.md": .init(created: 300, updated: 300),
            ])
        let encoded = GitDatesCache.encode(history)
        #expect(GitDatesCache.decode(encoded) == history)
        #expect(GitDatesCache.decode(encoded.dropLast(3)) == nil)
    }

    @Test func aRebuildReadsOnlyNewCommitsAndARewriteIsReadAgain() async throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("# One\n", to: "one.md")
        try repository.commit(at: "2021-01-01T00:00:00Z")
        let cache = GitDatesCache(folder: repository.root.appendingPathComponent(".notesite-cache"))
        let root = repository.root.resolvingSymlinksInPath().path
        let first = try #require(
            GitDates.read(
                vault: root, cacheFolder: cache.url.deletingLastPathComponent().deletingLastPathComponent()))
        #expect(first.files["one.md"]?.created == 1_609_459_200)
        let kept = try #require(cache.read())
        #expect(
            kept.head
                == (try repository.git("rev-parse", "HEAD")).trimmingCharacters(in: .whitespacesAndNewlines))
        // The kept state is what the next build starts from: a planted date in it shows through
        // for a file no new commit touches, so only the new commits were read.
        var planted = kept
        planted.files["one.md"]?.updated = 1_234
        cache.write(planted)
        try repository.write("# Two\n", to: "two.md")
        try repository.commit(at: "2022-01-01T00:00:00Z")
        let folder = cache.url.deletingLastPathComponent().deletingLastPathComponent()
        let second = try #require(GitDates.read(vault: root, cacheFolder: folder))
        #expect(second.files["one.md"]?.updated == 1_234)
        #expect(second.files["two.md"]?.created == 1_640_995_200)
        // History rewritten: the kept head is no ancestor of the new one, so all is read again.
        try repository.write("# Two, amended\n", to: "two.md")
        try repository.git("add", "-A")
        try repository.git(
            "commit", "-q", "--amend", "-m", "amended", "--date=2022-02-02T00:00:00Z",
            date: "2022-02-02T00:00:00Z")
        let third = try #require(GitDates.read(vault: root, cacheFolder: folder))
        #expect(third.files["one.md"]?.updated == 1_609_459_200)
        #expect(third.files["two.md"]?.created == 1_643_760_000)
        // Read whole without a cache: the same.
        #expect(GitDates.read(vault: root, cacheFolder: nil)?.files == third.files)
    }

    @Test func aCommitMakesAgainThePagesWhoseDatesItChanged() async throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("explorer: false\nbreadcrumbs: false\n", to: "notesite.yml")
        try repository.write("# Edited\n\none\n", to: "edited.md")
        try repository.write("# Still\n\nalone\n", to: "still.md")
        try repository.commit(at: "2021-01-01T00:00:00Z")
        try repository.write("# Edited\n\ntwo\n", to: "edited.md")
        repository.touch("edited.md", at: 1_735_776_000)  // 2025-01-02, not committed yet
        var options = BuildOptions(vault: repository.root, jobs: 2)
        options.memory = BuildMemory()
        let (first, _) = await SiteBuild.make(options)
        #expect(GitDatesSiteTests.page(first, "edited.html").contains("datetime=\"2025-01-02T00:00:00Z\""))
        // The same bytes committed later: only the dates change.
        try repository.commit(at: "2026-02-03T00:00:00Z")
        let (second, report) = await SiteBuild.make(options)
        let (fresh, _) = await SiteBuild.make(BuildOptions(vault: repository.root, jobs: 2))
        #expect(
            GitDatesSiteTests.page(second, "edited.html").contains(
                "Updated <time datetime=\"2026-02-03T00:00:00Z\">"))
        #expect(report.madePages.contains("edited.html"))
        #expect(!report.madePages.contains("still.html"))
        let made = try #require(second?.files)
        let expected = try #require(fresh?.files)
        let differing = Set(made.keys).union(expected.keys).filter { made[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "\(differing)")
    }
}
