import Foundation
import Glibc
import Testing

@testable import SiteBuilder

/// `serve` looks again only at the files its watcher saw change (``Vault/rescanning(_:filter:excluding:)``).
/// After random file operations, told the paths they touched, it must list exactly what a new walk
/// lists; where it cannot know (folders, symlinks, hard links) it must decline, never guess.
@Suite struct VaultRescanTests {
    static let filter = PathFilter(exclude: ["private/", "*.draft.md"])

    @Test(arguments: 0..<16)
    func rescansMatchNewWalks(seed: Int) throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let root = try #require(VaultBoundary.realPath(vault.root.path))
        var random = SplitMix64(seed: UInt64(seed))
        try vault.write("# Home\n", to: "index.md")
        // Folders made before the first walk: a new folder is the watcher's "anything" case.
        for folder in ["a/b", "private", ".hidden"] {
            try FileManager.default.createDirectory(
                at: vault.root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        var last = try Vault.scan(root: vault.root, filter: Self.filter, excluding: [])
        var rescans = 0
        for step in 0..<40 {
            let touched = try Self.randomOperation(step, in: vault, root: root, random: &random)
            let walked = try Vault.scan(root: vault.root, filter: Self.filter, excluding: [])
            if let rescanned = last.rescanning(Set(touched), filter: Self.filter, excluding: []) {
                rescans += 1
                #expect(rescanned.notes == walked.notes, "seed \(seed) step \(step): \(touched)")
                #expect(rescanned.files == walked.files, "seed \(seed) step \(step): \(touched)")
                #expect(rescanned.entries == walked.entries, "seed \(seed) step \(step): \(touched)")
                #expect(rescanned.skipped == walked.skipped, "seed \(seed) step \(step): \(touched)")
                // By bytes too: Swift's String equality takes `é` composed and decomposed as one.
                let bytes = { (vault: Vault) in
                    (vault.notes + vault.files + vault.skipped.map(\.path)).map { Array($0.utf8) }
                }
                #expect(bytes(rescanned) == bytes(walked), "seed \(seed) step \(step): \(touched)")
            } else {
                // Declining is right only for what a rescan cannot see by name.
                let names = touched.map { URL(fileURLWithPath: $0).lastPathComponent }
                #expect(
                    walked.aliased || last.aliased || names.contains { $0.hasPrefix("folder") }
                        || last.skipped.contains(where: \.isTwin) || names.contains { $0.hasPrefix("caf") },
                    "seed \(seed) step \(step): declined \(touched)")
            }
            last = walked
        }
        #expect(rescans > 15, "most steps touch files only")
    }

    /// One random change to the vault; returns the real paths it touched, as a watcher reports them.
    static func randomOperation(
        _ step: Int, in vault: TestVault, root: String, random: inout SplitMix64
    ) throws -> [String] {
        // A symlink lives one step: while it does, every rescan must decline.
        let alias = root + "/a/alias.md"
        if unlink(alias) == 0 { return [alias] }
        let folders = ["", "a/", "a/b/", "private/", ".hidden/"]
        let names = [
            "n\(random.next(6)).md", "p\(random.next(3)).png", "d\(random.next(2)).draft.md", ".swap",
            // The same name as text, not as bytes: the walk publishes one of them.
            random.next(2) == 0 ? "caf\u{E9}.md" : "cafe\u{301}.md",
        ]
        let path = folders[random.next(folders.count)] + names[random.next(names.count)]
        let real = root + "/" + path
        switch random.next(10) {
        case 0, 1, 2:
            // Never written through: a FIFO made by an earlier step would block the write.
            unlink(real)
            try vault.write("# Step \(step)\n", to: path)
        case 3:
            // A save as editors make it: a temporary file renamed over the note.
            try vault.write("# Saved \(step)\n", to: path + ".tmp")
            rename(real + ".tmp", real)
            return [real + ".tmp", real]
        case 4, 5:
            unlink(real)
        case 6:
            unlink(real)
            mkfifo(real, 0o600)
        case 7:
            try vault.write("# Linked\n", to: "a/target.md")
            symlink(root + "/a/target.md", alias)
            return [root + "/a/target.md", alias]
        case 8:
            let folder = root + "/folder\(step)"
            mkdir(folder, 0o755)
            try vault.write("# In a new folder\n", to: "folder\(step)/inside.md")
            return [folder]
        default:
            let other = root + "/" + folders[random.next(3)] + "moved\(random.next(3)).md"
            rename(real, other)
            return [real, other]
        }
        return [real]
    }

    /// The rescan looks at what it is told and nothing else: a file nobody reported stays unseen
    /// (the watcher's job), which is what spares it a walk of every folder.
    @Test func aFileNobodyReportedStaysUnseen() throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let root = try #require(VaultBoundary.realPath(vault.root.path))
        try vault.write("# A\n", to: "a.md")
        let first = try Vault.scan(root: vault.root, filter: Self.filter, excluding: [])
        try vault.write("# B\n", to: "b.md")
        try vault.write("# C\n", to: "c.md")
        let rescanned = try #require(first.rescanning([root + "/c.md"], filter: Self.filter, excluding: []))
        #expect(rescanned.notes == ["a.md", "c.md"])
    }

    /// A vault with a symlink is walked whole: a change to a file is a change under each of its names.
    @Test func aVaultWithASymlinkIsAlwaysWalked() throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let root = try #require(VaultBoundary.realPath(vault.root.path))
        try vault.write("# A\n", to: "a.md")
        symlink(root + "/a.md", root + "/alias.md")
        let first = try Vault.scan(root: vault.root, filter: Self.filter, excluding: [])
        #expect(first.aliased)
        #expect(first.rescanning([root + "/a.md"], filter: Self.filter, excluding: []) == nil)
    }
}
