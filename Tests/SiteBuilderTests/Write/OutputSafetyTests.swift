import ChildProcess
import Foundation
import Glibc
import Testing

@testable import SiteBuilder

/// Interrupted and failed builds: stale staging folders are cleaned up, and a full disk, an
/// unwritable output or a vanished vault is a clear error that leaves the previous site as it was.
@Suite(.serialized) struct OutputSafetyTests {
    /// A temporary folder outside any vault, for outputs.
    struct Place {
        let root: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "notesite-output-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    /// Runs `command` through /bin/sh; returns its exit status and what it printed on stderr.
    @discardableResult
    static func shell(_ command: String) throws -> (
        status: Int32, signaled: Bool, errors: String
    ) {
        let process = try ChildProcess("/bin/sh", ["-c", command], error: .pipe)
        let data = process.errors?.readDataToEndOfFile() ?? Data()
        let status = process.wait()
        return (process.exitCode(), status & 0x7F != 0, String(decoding: data, as: UTF8.self))
    }

    /// Ends a helper process for sure (`terminate()` alone was seen to leave it running).
    static func stop(_ process: ChildProcess) {
        kill(process.pid, SIGKILL)
        process.wait()
    }

    /// A process number that belonged to a process that has ended.
    static func deadProcess() throws -> pid_t {
        let process = try ChildProcess("/bin/true", [])
        process.wait()
        return process.pid
    }

    static func leftovers(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.contains(".staging-") || $0.contains(".old-")
        }.sorted()
    }

    @Test("staging folders of dead processes and of other programs are removed; a running notesite's stays")
    func staleStagingIsRemoved() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let place = try Place()
        defer { place.remove() }
        try vault.write("# Home\n", to: "Home.md")
        let dead = try Self.deadProcess()
        // A live process that is not notesite (its number could have been reused)...
        let other = try ChildProcess("/bin/sleep", ["3600"])
        defer { Self.stop(other) }
        // ...and a live one started as notesite: another build at work.
        let sleeper = place.root.appendingPathComponent("notesite-sleeper")
        #expect(symlink("/bin/sleep", sleeper.path) == 0)
        let running = try ChildProcess(sleeper.path, ["3600"])
        defer { Self.stop(running) }
        let stale = [
            ".site.staging-\(dead)", ".site.old-\(dead)", ".site.staging-\(other.pid)",
        ]
        let live = ".site.staging-\(running.pid)"
        for name in stale + [live, ".other.staging-\(dead)"] {
            let folder = place.root.appendingPathComponent(name + "/trips")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("half a page".utf8).write(to: folder.appendingPathComponent("lisbon.html"))
        }
        let report = await SiteBuild.run(
            BuildOptions(vault: vault.root, output: place.root.appendingPathComponent("site"), jobs: 2))
        #expect(report.wroteOutput, "\(report.diagnostics)")
        #expect(
            Self.leftovers(in: place.root) == [live, ".other.staging-\(dead)"].sorted(),
            "only the running notesite's folder and another output's folder stay")
    }

    @Test("a full disk (a 256 KB tmpfs) is a clear error and the previous site stays whole")
    func fullDisk() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let place = try Place()
        defer { place.remove() }
        let mount = try Self.shell("mount -t tmpfs -o size=256k notesite-test '\(place.root.path)'")
        guard mount.status == 0 else {
            #expect(
                ProcessInfo.processInfo.environment["CI"] != "true", "cannot mount a tmpfs: \(mount.errors)")
            print("skipped: cannot mount a small tmpfs here (\(mount.errors))")
            return
        }
        defer { try? Self.shell("umount '\(place.root.path)'") }
        let output = place.root.appendingPathComponent("site")
        try vault.write("# Home\n\nThe first site.\n", to: "Home.md")
        let first = await SiteBuild.run(BuildOptions(vault: vault.root, output: output, jobs: 2))
        #expect(first.wroteOutput, "\(first.diagnostics)")
        let before = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        let paragraph = String(repeating: "Words that fill the disk. ", count: 40) + "\n\n"
        try vault.write(
            "# Home\n\nThe second site.\n\n" + String(repeating: paragraph, count: 400), to: "Home.md")
        let second = await SiteBuild.run(BuildOptions(vault: vault.root, output: output, jobs: 2))
        #expect(!second.wroteOutput)
        let messages = second.diagnostics.map(\.description).joined(separator: "\n")
        #expect(messages.contains("No space left on device (the disk is full)"), "\(messages)")
        #expect(messages.contains("cannot write the site to '\(output.path)'"))
        #expect(
            try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == before)
        #expect(Self.leftovers(in: place.root).isEmpty, "the failed staging folder is removed")
    }

    /// The `notesite` command beside this test binary.
    static var notesiteBinary: URL? {
        guard let exe = VaultBoundary.realPath("/proc/self/exe") else { return nil }
        var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
        if folder.path.hasSuffix(".xctest/Contents/MacOS") {
            folder = folder.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
        }
        let binary = folder.appendingPathComponent("notesite")
        return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
    }

    /// ``notesiteBinary``, or nil after saying the test is skipped (a failure under CI=true).
    static func notesiteBinaryOrSkip() -> URL? {
        if let binary = notesiteBinary { return binary }
        #expect(ProcessInfo.processInfo.environment["CI"] != "true", "no notesite binary beside the tests")
        print("skipped: no notesite binary beside the test binary (run swift build first)")
        return nil
    }

    /// Runs `notesite ARGUMENTS` with `environment` added to this process's; returns its status and
    /// what it printed on stderr.
    static func run(_ notesite: URL, _ arguments: [String], environment: [String: String]) throws -> (
        status: Int32, log: String
    ) {
        let process = try ChildProcess(
            notesite.path, arguments, error: .pipe,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, added in added })
        let data = process.errors?.readDataToEndOfFile() ?? Data()
        return (process.exitCode(), String(decoding: data, as: UTF8.self))
    }

    @Test(
        "past a file size limit (ulimit -f) notesite exits with a clear error, not SIGXFSZ, and the site stays"
    )
    func fileSizeLimit() throws {
        guard let notesite = Self.notesiteBinaryOrSkip() else { return }
        // ThreadSanitizer's runtime keeps its own state in file-backed memory: under a file size
        // limit it dies of SIGBUS before notesite writes a byte, so the case says nothing there.
        if ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] == "thread" {
            print("skipped under thread sanitizer: its runtime cannot run past ulimit -f")
            return
        }
        let vault = try TestVault()
        defer { vault.remove() }
        let place = try Place()
        defer { place.remove() }
        let output = place.root.appendingPathComponent("site")
        try vault.write("# Home\n\nThe first site.\n", to: "Home.md")
        let command = "'\(notesite.path)' build '\(vault.root.path)' --output '\(output.path)' --jobs 1"
        #expect(try Self.shell(command).status == 0)
        let before = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        let paragraph = String(repeating: "Words past the file size limit. ", count: 30) + "\n\n"
        try vault.write("# Home\n\n" + String(repeating: paragraph, count: 300), to: "Home.md")
        let limited = try Self.shell("ulimit -f 100; exec \(command)")
        #expect(!limited.signaled, "killed by a signal (SIGXFSZ?): \(limited.status)")
        #expect(limited.status == 1)
        #expect(limited.errors.contains("File too large (a file size limit was reached"), "\(limited.errors)")
        #expect(
            try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == before)
        #expect(Self.leftovers(in: place.root).isEmpty)
    }

    @Test(
        "an output folder that cannot be written (immutable, even for root) is a clear error; the site stays")
    func unwritableOutput() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let place = try Place()
        defer { place.remove() }
        let output = place.root.appendingPathComponent("site")
        try vault.write("# Home\n\nThe first site.\n", to: "Home.md")
        #expect(await SiteBuild.run(BuildOptions(vault: vault.root, output: output, jobs: 2)).wroteOutput)
        let before = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        try vault.write("# Home\n\nThe second site.\n", to: "Home.md")
        // The folder beside the output (where staging goes), then the output folder itself.
        for locked in [place.root, output] {
            let lock = try Self.shell("chattr +i '\(locked.path)'")
            guard lock.status == 0 else {
                #expect(ProcessInfo.processInfo.environment["CI"] != "true", "chattr failed: \(lock.errors)")
                print("skipped: cannot make a folder immutable here (\(lock.errors))")
                return
            }
            let report = await SiteBuild.run(BuildOptions(vault: vault.root, output: output, jobs: 2))
            try Self.shell("chattr -i '\(locked.path)'")
            #expect(!report.wroteOutput)
            let messages = report.diagnostics.map(\.description).joined(separator: "\n")
            #expect(messages.contains("cannot write the site to '\(output.path)'"), "\(messages)")
            #expect(messages.contains("Operation not permitted"), "\(messages)")
            #expect(
                try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == before
            )
            #expect(Self.leftovers(in: place.root).isEmpty)
        }
    }

    @Test("a vault deleted mid-build is an error and the previous site stays")
    func vaultDeletedMidBuild() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let place = try Place()
        defer { place.remove() }
        let output = place.root.appendingPathComponent("site")
        for index in 0..<1000 {
            try vault.write(
                "# Note \(index)\n\n[[note-\(index + 1)]] words and more words\n", to: "n/note-\(index).md")
        }
        #expect(await SiteBuild.run(BuildOptions(vault: vault.root, output: output, jobs: 1)).wroteOutput)
        let before = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent("n").path)
        var options = BuildOptions(vault: vault.root, output: output, jobs: 1)
        let progress = BuildProgress()
        options.progress = progress
        let building = Task { await SiteBuild.run(options) }
        var deletedEarly = false
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let now = progress.snapshot
            if now.stage == ReadStage.name {
                deletedEarly = now.done < now.total / 2
                // Moved away in one step, then deleted: the vault's path is gone at once.
                let gone = place.root.appendingPathComponent("deleted-vault")
                try FileManager.default.moveItem(at: vault.root, to: gone)
                try FileManager.default.removeItem(at: gone)
                break
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        let report = await building.value
        guard deletedEarly else {
            print("skipped: the build read its notes before the vault could be deleted")
            return
        }
        #expect(!report.wroteOutput)
        let messages = report.diagnostics.map(\.description)
        #expect(
            messages.contains {
                $0.contains("disappeared during the build; the previous site is left as it was")
            })
        let after = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent("n").path)
        #expect(after.sorted() == before.sorted())
    }
}
