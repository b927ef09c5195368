import Foundation
import Testing

/// `serve` keeps the build's boundary: nothing outside the vault's real path is served, and the
/// watcher neither walks a folder outside nor loops on a symlink loop.
@Suite struct ServeBoundaryTests {
    let outside: URL
    let secret = "OUTSIDE-SECRET-\(UUID().uuidString)"

    init() throws {
        outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-serve-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: outside.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data(secret.utf8).write(to: outside.appendingPathComponent("secret.txt"))
        try Data("# Leak\n\n\(secret)\n".utf8).write(to: outside.appendingPathComponent("docs/leak.md"))
    }

    func fixture() async throws -> ServerFixture {
        try await ServerFixture(
            files: [
                "Home.md": "# Home\n\n[secret](secret.txt) [[leak]] [docs](docs/leak.md) [[Note]]\n",
                "sub/Note.md": "# Note\n\nIn sub.\n",
            ],
            echo: false,
            links: [
                "secret.txt": outside.appendingPathComponent("secret.txt").path,
                "docs": outside.appendingPathComponent("docs").path,
                "sub/up": "..",
            ])
    }

    @Test("a symlink out of the vault is neither served nor linked, and the log names it")
    func outsideIsNotServed() async throws {
        defer { try? FileManager.default.removeItem(at: outside) }
        let fixture = try await fixture()
        defer { fixture.stop() }
        for target in ["/secret.txt", "/docs/leak.html", "/docs/leak.md", "/sub/up/home.html"] {
            let response = try await RawHTTP.request(target, port: fixture.port)
            #expect(response.status == 404, "\(target) -> \(response.status)")
            #expect(!response.text.contains(secret))
        }
        for (path, data) in fixture.server.snapshot.files {
            #expect(data.firstRange(of: Data(secret.utf8)) == nil, "\(path) holds the outside secret")
        }
        let home = try await RawHTTP.request("/", port: fixture.port)
        #expect(home.status == 200 && !home.text.contains(secret))
        #expect(fixture.output.contains("symlink 'secret.txt' leads outside the vault"), "\(fixture.output)")
        #expect(fixture.output.contains("symlink 'docs' leads outside the vault"))
        #expect(fixture.output.contains("symlink 'sub/up' leads to a folder already in the vault"))
    }

    @Test("changes outside the vault start no rebuild; changes inside (below a loop) do")
    func watcherStaysInside() async throws {
        defer { try? FileManager.default.removeItem(at: outside) }
        let fixture = try await fixture()
        defer { fixture.stop() }
        let first = fixture.server.snapshot.version
        try Data("# Leak\n\nchanged \(secret)\n".utf8).write(
            to: outside.appendingPathComponent("docs/leak.md"))
        try Data("new".utf8).write(to: outside.appendingPathComponent("docs/new.md"))
        try await Task.sleep(for: .milliseconds(600))
        #expect(fixture.server.snapshot.version == first, "a change outside the vault started a rebuild")
        try fixture.save("# Note\n\nEdited below the loop.\n", to: "sub/Note.md")
        let deadline = ContinuousClock.now + Patience.duration
        while fixture.server.snapshot.version == first && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(fixture.server.snapshot.version > first, "an edit inside the vault was not seen")
        let note = try await RawHTTP.request("/sub/note.html", port: fixture.port)
        #expect(note.text.contains("Edited below the loop."))
    }
}
