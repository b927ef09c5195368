import ChildProcess
import Foundation
import Testing

@Suite("live reload in a real browser")
struct BrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Browser/live_reload_test.py")

    @Test(
        "edit reloads at the same scroll position; a broken notesite.yml shows the overlay without holding back reloads; the fix clears it",
        // Under scripts/sanitize every test of the slower suite starts at once on two cores: the
        // fixture's first build alone took over two minutes there, so the bound only stops a hang.
        .timeLimit(.minutes(Patience.sanitized ? 30 : 2)))
    func liveReloadInChromium() async throws {
        let python = "/usr/bin/python3"
        let ready =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
            && FileManager.default.isExecutableFile(atPath: python)
        if !ready {
            let ci = ProcessInfo.processInfo.environment["CI"] == "true"
            #expect(!ci, "chromium-driver and python3-selenium are required in CI (scripts/setup --test)")
            return  // A user's clone without the browser: nothing to drive.
        }
        let paragraphs = (1...80).map { "Paragraph \($0) about tiles and trams, long enough to wrap a line." }
        let fixture = try await ServerFixture(files: [
            "trips/lisbon.md": "# Lisbon\n\n" + paragraphs.joined(separator: "\n\n") + "\n",
            "notesite.yml": "title: Trips\n",
        ])
        defer { fixture.stop() }
        let log = fixture.root.deletingLastPathComponent().appendingPathComponent(
            "browser-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        let process = try ChildProcess(
            python,
            [
                Self.script.path, fixture.server.url.absoluteString, fixture.root.path, "trips/lisbon.md",
                "trips/lisbon.html",
            ], output: .file(output), error: .sameAsOutput)
        try output.close()
        // Waits without holding a thread: the server's rebuilds need the same small pool.
        let status = await process.finished()
        let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(printed)")
        #expect(printed.contains("11 passed, 0 failed"), "\(printed)")
    }
}
