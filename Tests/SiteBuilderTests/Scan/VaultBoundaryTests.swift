import Foundation
import Glibc
import NoteModel
import Testing

@testable import SiteBuilder

/// The vault's real path is the boundary: symlinks out of it are skipped with a warning naming them,
/// symlinks inside are followed once, and nothing outside ever reaches the output.
@Suite struct VaultBoundaryTests {
    /// A folder outside the vault holding a secret, a secret image and a folder of notes.
    struct Outside {
        let root: URL
        let secret = "OUTSIDE-SECRET-\(UUID().uuidString)"

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "notesite-outside-\(UUID().uuidString)")
            let manager = FileManager.default
            try manager.createDirectory(
                at: root.appendingPathComponent("docs/deep"), withIntermediateDirectories: true)
            try Data(secret.utf8).write(to: root.appendingPathComponent("secret.txt"))
            try TinyPNG.solid(width: 40, height: 30).write(to: root.appendingPathComponent("secret.png"))
            try Data("# Leak\n\n\(secret)\n".utf8).write(to: root.appendingPathComponent("docs/leak.md"))
            try Data("\(secret)\n".utf8).write(to: root.appendingPathComponent("docs/deep/more.md"))
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func link(_ path: String, to target: String, in vault: TestVault) throws {
        let url = vault.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard symlink(target, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// Every file under `folder`, by path relative to it, with its bytes.
    static func files(under folder: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) {
                found[path] = data
            }
        }
        return found
    }

    /// A vault with every kind of link a pull request could add, and a note that links and embeds them.
    func hostileVault(_ outside: Outside) throws -> TestVault {
        let vault = try TestVault()
        try vault.write(
            """
            # Home

            [secret](secret.txt) ![[secret.png]] ![shot](secret.png) [[leak]] [docs](docs/leak.md)
            [env](environ.txt) [key](id_rsa) [inside](inside-link.txt) [[Other]] [gone](dangling.txt)
            ![[secret.txt]]

            """, to: "Home.md")
        try vault.write("INSIDE-CONTENT\n", to: "real/inside.txt")
        try vault.write("# Other\n\nA note in a real folder.\n", to: "real/Other.md")
        try vault.write("# Note\n\nIn sub.\n", to: "sub/Note.md")
        try vault.write("h1 { color: red }\n", to: "_theme/extra.css")
        try Self.link("secret.txt", to: outside.root.appendingPathComponent("secret.txt").path, in: vault)
        try Self.link("secret.png", to: "../" + outside.root.lastPathComponent + "/secret.png", in: vault)
        try Self.link("docs", to: outside.root.appendingPathComponent("docs").path, in: vault)
        try Self.link("environ.txt", to: "/proc/self/environ", in: vault)
        try Self.link("id_rsa", to: outside.root.appendingPathComponent("secret.txt").path, in: vault)
        try Self.link("inside-link.txt", to: "real/inside.txt", in: vault)
        try Self.link("alias", to: "real", in: vault)
        try Self.link("sub/up", to: "..", in: vault)
        try Self.link("dangling.txt", to: "nowhere.txt", in: vault)
        try Self.link(
            "_theme/style.css", to: outside.root.appendingPathComponent("secret.txt").path, in: vault)
        return vault
    }

    @Test("links out of the vault are skipped with a warning naming each, and nothing of theirs is published")
    func outsideNeverReachesTheOutput() async throws {
        let outside = try Outside()
        defer { outside.remove() }
        let vault = try hostileVault(outside)
        defer { vault.remove() }
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.wroteOutput)
        let messages = report.diagnostics.map(\.description)
        for name in ["secret.txt", "secret.png", "docs", "environ.txt", "id_rsa"] {
            #expect(
                messages.contains { $0.contains("symlink '\(name)' leads outside the vault") },
                "no warning names \(name): \(messages)")
        }
        #expect(messages.contains { $0.contains("symlink 'dangling.txt' leads to nothing ('nowhere.txt')") })
        #expect(messages.contains { $0.contains("_theme/style.css") && $0.contains("outside the vault") })
        #expect(
            messages.contains { $0.contains("Home.md") && $0.contains("secret.txt") },
            "the link to the skipped file is reported as broken: \(messages)")

        let output = Self.files(under: vault.root.appendingPathComponent("_site"))
        let environment = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/self/environ"))) ?? Data()
        let pathLine = environment.split(separator: 0).first { $0.starts(with: Data("PATH=".utf8)) }
        for (path, data) in output {
            #expect(data.firstRange(of: Data(outside.secret.utf8)) == nil, "\(path) holds the outside secret")
            if let pathLine {
                #expect(data.firstRange(of: pathLine) == nil, "\(path) holds the build's environment")
            }
        }
        #expect(!output.keys.contains { $0.hasPrefix("docs/") || $0.contains("leak") })
        #expect(!report.images.contains { $0.source.contains("secret") })
        #expect(output.values.contains { $0.firstRange(of: Data("INSIDE-CONTENT".utf8)) != nil })
    }

    @Test("a symlink loop and a second route to a folder publish each note once, with a warning")
    func loopsAreWalkedOnce() async throws {
        let outside = try Outside()
        defer { outside.remove() }
        let vault = try hostileVault(outside)
        defer { vault.remove() }
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.noteCount == 3, "Home, real/Other and sub/Note: \(report.pagePaths)")
        #expect(!report.pagePaths.contains { $0.hasPrefix("sub/up/") || $0.hasPrefix("alias/") })
        #expect(report.pagePaths.contains("real/other.html"), "the folder keeps its own name, not the link's")
        let messages = report.diagnostics.map(\.description)
        #expect(messages.contains { $0.contains("symlink 'sub/up' leads to a folder already in the vault") })
        #expect(messages.contains { $0.contains("symlink 'alias' leads to a folder already in the vault") })
    }

    @Test("a file whose name is not UTF-8 is a warning naming it, never silently left out")
    func nameNotUTF8IsReported() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# B\n", to: "b.md")
        // `café.md` in Latin-1: the é is the single byte 0xE9.
        let path = Array(vault.root.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".md".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { name in
                name.baseAddress.map { open($0, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644) } ?? -1
            }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let scanned = try Vault.scan(root: vault.root, filter: PathFilter(exclude: []), excluding: [])
        #expect(scanned.notes == ["b.md"])
        #expect(scanned.skipped.map(\.reason) == [.nameNotUTF8])
        let report = await SiteBuild.run(BuildOptions(vault: vault.root))
        #expect(report.diagnostics.contains { $0.message.contains("has a name that is not UTF-8") })
    }

    /// `café.md` with é as one code point and as e with a combining accent: two files on Linux,
    /// one name to Swift's String (and so to every page path and link). The build used to stop
    /// on a duplicate dictionary key; the second in byte order is now a warning naming both.
    @Test("names equal but for Unicode normalization: the first is published, the other named")
    func namesEqualButForNormalization() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        try vault.write("# Composed\n", to: "\(composed).md")
        try vault.write("# Decomposed\n", to: "\(decomposed).md")
        try vault.write("# In the composed folder\n", to: "\(composed)/a.md")
        try vault.write("# In the decomposed folder\n", to: "\(decomposed)/b.md")
        let scanned = try Vault.scan(root: vault.root, filter: PathFilter(exclude: []), excluding: [])
        // Bytes: "cafe" + CC 81 sorts before "caf" + C3 A9, so the decomposed names are kept.
        #expect(
            scanned.notes.map { Array($0.utf8) }
                == ["\(decomposed).md", "\(decomposed)/b.md"].map { Array($0.utf8) })
        #expect(
            scanned.skipped.map(\.reason) == [.sameNameAs(decomposed), .sameNameAs("\(decomposed).md")],
            "\(scanned.skipped)")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root))
        #expect(report.noteCount == 2)
        #expect(report.diagnostics.filter { $0.message.contains("has the same name as") }.count == 2)
    }

    @Test("a symlink inside the vault to a folder nobody else names is followed")
    func insideFolderLinkIsFollowed() throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Kept\n", to: ".archive/Kept.md")
        try Self.link("kept", to: ".archive", in: vault)
        try Self.link("big", to: "/usr/share", in: vault)
        let start = ContinuousClock.now
        let scanned = try Vault.scan(root: vault.root, filter: PathFilter(exclude: []), excluding: [])
        #expect(scanned.notes == ["kept/Kept.md"])
        #expect(scanned.skipped.map(\.path) == ["big"], "a link to a big folder outside is not walked")
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(scanned.location(of: "kept/Kept.md")?.path.hasSuffix("/.archive/Kept.md") == true)
    }

    @Test("a file swapped for a symlink after the scan is not read, nor any path the scan did not accept")
    func readsGoThroughTheScan() throws {
        let outside = try Outside()
        defer { outside.remove() }
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Note\n", to: "Note.md")
        let scanned = try Vault.scan(root: vault.root, filter: PathFilter(exclude: []), excluding: [])
        #expect(try scanned.contents(of: "Note.md") == Data("# Note\n".utf8))
        #expect(throws: Vault.ReadError.self) { try scanned.contents(of: "../outside.txt") }
        #expect(scanned.location(of: "Other.md") == nil)
        try FileManager.default.removeItem(at: vault.root.appendingPathComponent("Note.md"))
        try Self.link("Note.md", to: outside.root.appendingPathComponent("secret.txt").path, in: vault)
        #expect(throws: Vault.ReadError.self) { try scanned.contents(of: "Note.md") }
    }

    @Test("a file's bytes are read whole at any size, and as they are when read, not when scanned")
    func contentsAreReadWhole() throws {
        let vault = try TestVault()
        defer { vault.remove() }
        var generator = SystemRandomNumberGenerator()
        let sizes = [0, 1, 63, 64, 65, 4095, 65_536, 65_537, 300_001]
        var written: [String: Data] = [:]
        for size in sizes {
            let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
            written["f\(size).bin"] = bytes
            try vault.write(bytes, to: "f\(size).bin")
        }
        let scanned = try Vault.scan(root: vault.root, filter: PathFilter(exclude: []), excluding: [])
        for (path, bytes) in written { #expect(try scanned.contents(of: path) == bytes, "\(path)") }
        // The same file grown after the scan: every byte is read, past the size the scan saw.
        let grown = Data(repeating: 7, count: 200_000)
        let handle = try FileHandle(forWritingTo: vault.root.appendingPathComponent("f1.bin"))
        try handle.seekToEnd()
        try handle.write(contentsOf: grown)
        try handle.close()
        #expect(try scanned.contents(of: "f1.bin") == (written["f1.bin"] ?? Data()) + grown)
        // A size guessed far too small grows the buffer as often as it takes.
        let descriptor = open(vault.root.appendingPathComponent("f300001.bin").path, O_RDONLY)
        defer { close(descriptor) }
        #expect(try Vault.readAll(descriptor, expecting: 0, path: "f300001.bin") == written["f300001.bin"])
    }

    @Test("a FIFO in the vault is skipped, not read (reading one would block the build)")
    func fifoIsSkipped() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Home\n\n[pipe](pipe.md)\n", to: "Home.md")
        #expect(mkfifo(vault.root.appendingPathComponent("pipe.md").path, 0o644) == 0)
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.wroteOutput)
        #expect(
            report.diagnostics.map(\.description).contains {
                $0.contains("'pipe.md' is not a file or a folder")
            })
    }

    @Test("a vault reached through a symlink is its real path: notes inside still build")
    func vaultPathThroughSymlink() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Home\n\n[[Note]]\n", to: "real/Home.md")
        try vault.write("# Note\n", to: "real/Note.md")
        try Self.link("door", to: "real", in: vault)
        let report = await SiteBuild.run(
            BuildOptions(vault: vault.root.appendingPathComponent("door"), jobs: 2))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.noteCount == 2)
    }
}

extension VaultBoundaryTests {
    @Test("a cache folder that is a symlink out of the vault is neither read nor written")
    func cacheOutsideIsNotUsed() async throws {
        let outside = try Outside()
        defer { outside.remove() }
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Home\n\n![[dot.png]]\n", to: "Home.md")
        try vault.write(TinyPNG.solid(width: 20, height: 10), to: "dot.png")
        try Self.link(".notesite-cache", to: outside.root.appendingPathComponent("docs").path, in: vault)
        let before = Self.files(under: outside.root)
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.wroteOutput && report.imageCount == 1)
        #expect(
            report.diagnostics.map(\.description).contains {
                $0.contains("leads outside the vault; not used")
            })
        #expect(Self.files(under: outside.root) == before, "nothing was written outside the vault")
    }
}

extension VaultBoundaryTests {
    @Test("a notesite.yml that is a symlink out of the vault is not read")
    func configurationOutsideIsNotRead() async throws {
        let outside = try Outside()
        defer { outside.remove() }
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Home\n", to: "Home.md")
        let settings = outside.root.appendingPathComponent("settings.yml")
        try Data("title: \(outside.secret)\n".utf8).write(to: settings)
        try Self.link("notesite.yml", to: settings.path, in: vault)
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.wroteOutput)
        #expect(
            report.diagnostics.map(\.description).contains {
                $0.contains("notesite.yml:1:1: warning: symlink leads outside the vault; not read")
            }, "\(report.diagnostics)")
        for (path, data) in Self.files(under: vault.root.appendingPathComponent("_site")) {
            #expect(data.firstRange(of: Data(outside.secret.utf8)) == nil, "\(path) holds the outside title")
        }
    }
}
