import DevServer
import Foundation
import Testing

@Suite("rebuilding on change and telling open pages")
struct LiveReloadServerTests {
    @Test("saving a note reloads its page, not the others, and serves the new text")
    func editReloadsOnlyThatPage() async throws {
        let fixture = try await ServerFixture(files: ["a.md": "# A\n\nfirst\n", "b.md": "# B\n\nsteady\n"])
        defer { fixture.stop() }
        let streamA = try await RawHTTP.events(
            port: fixture.port, page: "a.html", fingerprint: try await fixture.fingerprint(of: "a.html"))
        let streamB = try await RawHTTP.events(
            port: fixture.port, page: "b.html", fingerprint: try await fixture.fingerprint(of: "b.html"))
        #expect(await streamA.nextEvent(within: Patience.seconds)?.name == "hello")
        #expect(await streamB.nextEvent(within: Patience.seconds)?.name == "hello")

        try fixture.save("# A\n\nsecond draft\n", to: "a.md")

        #expect(
            await streamA.nextEvent(within: Patience.seconds) == .init(name: "reload", data: "\"a.html\""))
        #expect(try await RawHTTP.request("/a.html", port: fixture.port).text.contains("second draft"))
        #expect(await streamB.nextEvent(within: 1) == nil, "b.html did not change, so it must not reload")
        #expect(fixture.output.contains("rebuilt in"))
    }

    @Test("a page loaded before a rebuild reloads as soon as it connects")
    func staleFingerprintReloadsAtOnce() async throws {
        let fixture = try await ServerFixture(files: ["a.md": "one\n"])
        defer { fixture.stop() }
        let stream = try await RawHTTP.events(
            port: fixture.port, page: "a.html", fingerprint: "0000000000000000")
        #expect(await stream.nextEvent(within: Patience.seconds)?.name == "hello")
        #expect(await stream.nextEvent(within: Patience.seconds)?.name == "reload")
    }

    @Test("new folders are watched too")
    func newFolder() async throws {
        let fixture = try await ServerFixture(files: ["a.md": "one\n"])
        defer { fixture.stop() }
        try FileManager.default.createDirectory(
            at: fixture.root.appendingPathComponent("later/deeper"), withIntermediateDirectories: true)
        try await Task.sleep(for: .milliseconds(300))
        try fixture.write("# Deep\n\nfound\n", to: "later/deeper/note.md")
        let deadline = ContinuousClock.now + Patience.duration
        var status = 0
        while ContinuousClock.now < deadline {
            status = try await RawHTTP.request("/later/deeper/note.html", port: fixture.port).status
            if status == 200 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(status == 200)
    }

    @Test("a broken notesite.yml shows the error, pages still reload on save, and the fix clears it")
    func brokenThenFixed() async throws {
        let fixture = try await ServerFixture(files: [
            "a.md": "# A\n\nfirst\n", "notesite.yml": "title: Trips\n",
        ])
        defer { fixture.stop() }
        let stream = try await RawHTTP.events(
            port: fixture.port, page: "a.html", fingerprint: try await fixture.fingerprint(of: "a.html"))
        #expect(await stream.nextEvent(within: Patience.seconds)?.name == "hello")

        try fixture.save("title: [unclosed\n", to: "notesite.yml")
        let broken = await stream.nextEvent(within: Patience.seconds)
        #expect(broken?.name == "build-error")
        #expect(broken?.data.contains("notesite.yml") == true)
        #expect(broken?.data.contains("error") == true)
        #expect(fixture.output.contains("notesite.yml"), "errors are printed in the terminal too")
        #expect(try await RawHTTP.request("/a.html", port: fixture.port).status == 200)

        // The setting's loss changed the page (its title): it reloads, and shows the errors again.
        #expect(await stream.nextEvent(within: Patience.seconds)?.name == "reload")
        let reopened = try await RawHTTP.events(
            port: fixture.port, page: "a.html", fingerprint: try await fixture.fingerprint(of: "a.html"))
        #expect(await reopened.nextEvent(within: Patience.seconds)?.name == "hello")
        #expect(await reopened.nextEvent(within: Patience.seconds)?.name == "build-error")

        // Edited while broken: the page still reloads (a real vault nearly always has a problem
        // somewhere), and the reloaded page shows the errors again.
        try fixture.save("# A\n\nrewritten\n", to: "a.md")
        #expect(await reopened.nextEvent(within: Patience.seconds)?.name == "reload")
        #expect(try await RawHTTP.request("/a.html", port: fixture.port).text.contains("rewritten"))
        let reloaded = try await RawHTTP.events(
            port: fixture.port, page: "a.html", fingerprint: try await fixture.fingerprint(of: "a.html"))
        #expect(await reloaded.nextEvent(within: Patience.seconds)?.name == "hello")
        #expect(await reloaded.nextEvent(within: Patience.seconds)?.name == "build-error")

        // Fixed: the overlay goes, and the page (its title came from the setting) reloads.
        try fixture.save("title: Trips\n", to: "notesite.yml")
        #expect(await reloaded.nextEvent(within: Patience.seconds)?.name == "ok")
        #expect(await reloaded.nextEvent(within: Patience.seconds)?.name == "reload")
        #expect(fixture.output.contains("errors are fixed"))
    }

    @Test("the served site equals a fresh build after an edit, a new note, a delete and a move")
    func matchesFreshBuild() async throws {
        let fixture = try await ServerFixture(files: ["a.md": "# A\n", "notes/b.md": "# B\n"], echo: false)
        defer { fixture.stop() }
        try fixture.save("# A again\n", to: "a.md")
        try fixture.write("# C\n", to: "notes/c.md")
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("notes/b.md"))
        try FileManager.default.createDirectory(
            at: fixture.root.appendingPathComponent("moved"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: fixture.root.appendingPathComponent("a.md"),
            to: fixture.root.appendingPathComponent("moved/a.md"))
        let deadline = ContinuousClock.now + Patience.duration
        func settled() -> Bool {
            let files = fixture.server.snapshot.files
            return files["notes/c.html"] != nil && files["moved/a.html"] != nil
                && files["notes/b.html"] == nil
                && files["a.html"] == nil
        }
        while ContinuousClock.now < deadline, !settled() {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(settled(), "the edit, the new note, the delete and the move all reached the served site")
        try await Task.sleep(for: .milliseconds(300))
        let (fresh, _) = await SiteBuildProxy.make(fixture.root)
        #expect(fixture.server.snapshot.files == fresh)
    }

    @Test("a rebuild prints only the problems that are new, and counts those that still stand")
    func rebuildLogsNewProblemsOnly() async throws {
        let fixture = try await ServerFixture(
            files: ["a.md": "# A\n\n[[Nowhere]]\n", "b.md": "# B\n\nfirst\n"], echo: false)
        defer { fixture.stop() }
        let warning = "link '[[Nowhere]]' finds no"
        #expect(fixture.output.components(separatedBy: warning).count == 2, "the first build prints it once")
        let stream = try await RawHTTP.events(
            port: fixture.port, page: "b.html", fingerprint: try await fixture.fingerprint(of: "b.html"))
        #expect(await stream.nextEvent(within: Patience.seconds)?.name == "hello")
        try fixture.save("# B\n\nsecond [[Elsewhere]]\n", to: "b.md")
        #expect(await stream.nextEvent(within: Patience.seconds)?.name == "reload")
        let log = fixture.output
        #expect(log.components(separatedBy: warning).count == 2, "a standing warning is not printed again")
        #expect(log.contains("link '[[Elsewhere]]' finds no"), "a new one is")
        #expect(log.contains("1 earlier problem still stands"))
    }
}
