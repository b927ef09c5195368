import Foundation
import Glibc
import Testing

@testable import SiteBuilder

/// `serve` does not read a note again while the scan sees the same file with the same size and
/// times, once those have settled; every real change is still seen.
@Suite struct SettledReadTests {
    /// Longer than `FileStamp.isSettled`'s margin.
    static let settle = Duration.milliseconds(2_100)

    @Test("a settled file is not read again; an edit is seen even with its old modification time put back")
    func settledFilesAreNotReadAgain() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n\nThe colour is red.\n", to: "a.md")
        try vault.write("# B\n\nsteady\n", to: "b.md")
        try await Task.sleep(for: Self.settle)
        let memory = BuildMemory()
        var options = BuildOptions(vault: vault.root, jobs: 1)
        options.memory = memory
        _ = await SiteBuild.make(options)
        let read = memory.store(ReadStage.settled).made
        #expect(read == 2, "both notes read once, under their settled stamps")
        let first = memory.store(ReadStage.lastRead).value.withLock { $0?.notes ?? [] }
        _ = await SiteBuild.make(options)
        #expect(memory.store(ReadStage.settled).made == read, "nothing changed, so nothing was read again")
        let second = memory.store(ReadStage.lastRead).value.withLock { $0?.notes ?? [] }
        #expect(first.count == 2 && second.count == 2, "both notes remembered")
        #expect(zip(first, second).allSatisfy { $0 === $1 }, "the very same notes: none read or parsed again")

        // The same length, and the old modification time put back to the nanosecond (as
        // `touch -d` or `rsync -t` can): only the change time tells.
        let path = vault.root.appendingPathComponent("a.md").path
        var before = stat()
        #expect(stat(path, &before) == 0)
        try vault.write("# A\n\nThe colour is tan.\n", to: "a.md")
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec && after.st_size == before.st_size)
        let (fresh, _) = await SiteBuild.make(options)
        #expect(Self.page("a.html", fresh).contains("The colour is tan."), "a change not yet settled is read")
        try await Task.sleep(for: Self.settle)
        let (settled, _) = await SiteBuild.make(options)
        #expect(Self.page("a.html", settled).contains("The colour is tan."), "and once settled, still seen")
        #expect(!Self.page("a.html", settled).contains("red"))
    }

    @Test("a file written within the same second as it is read is read again on the next build")
    func unsettledFilesAreAlwaysRead() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n\nfirst\n", to: "a.md")
        let memory = BuildMemory()
        var options = BuildOptions(vault: vault.root, jobs: 1)
        options.memory = memory
        _ = await SiteBuild.make(options)
        try vault.write("# A\n\nfirsT\n", to: "a.md")
        let (site, _) = await SiteBuild.make(options)
        #expect(Self.page("a.html", site).contains("firsT"))
        #expect(memory.store(ReadStage.settled).made == 0, "a fresh stamp vouches for nothing")
    }

    private static func page(_ path: String, _ site: SiteFiles?) -> String {
        String(decoding: site?.files[path] ?? Data(), as: UTF8.self)
    }
}
