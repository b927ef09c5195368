internal import CShims
import ChildProcess
import DevServer
import Dispatch
import Foundation
import SiteBuilder
import Synchronization

/// `notesite serve [VAULT] [--port 4000] [--host 127.0.0.1] [--open]`
struct ServeCommand {
    static let spec = CommandSpec(
        "serve", summary: "build the site, serve it on this machine and rebuild on every change",
        operands: [.folder("VAULT")],
        options: [
            OptionSpec(
                "--port", value: "N", help: "the port to listen on (default: 4000; 0 picks a free one)"),
            OptionSpec(
                "--host", value: "ADDRESS", completion: .choices(["127.0.0.1", "::1", "0.0.0.0"]),
                help: "the address to listen on (default: 127.0.0.1, this machine only)"),
            OptionSpec("--open", help: "open the site in the browser (xdg-open)"),
            BuildCommand.imageFormat,
        ],
        description: """
            Builds the notes in VAULT (default: the current folder) in memory, serves the site, and \
            rebuilds on every change; open pages reload by themselves and show build errors.
            """,
        epilogue: "Stop it with Ctrl-C.")

    var options: ServeOptions
    var open: Bool

    init(_ arguments: [String]) throws(Arguments.UsageError) {
        let parsed = try Arguments(arguments, spec: Self.spec)
        let vault = try parsed.vault()
        var port: UInt16 = 4000
        if let text = parsed.options["--port"] {
            guard let value = UInt16(text) else {
                throw .init("--port takes a number from 0 to 65535, got '\(text)'")
            }
            port = value
        }
        let host = parsed.options["--host"] ?? "127.0.0.1"
        guard !host.isEmpty else { throw .init("--host needs an address, e.g. 127.0.0.1") }
        var build = BuildOptions(vault: vault)
        build.imageFormat = try BuildCommand.parsedImageFormat(parsed)
        options = ServeOptions(build: build, host: host, port: port)
        open = parsed.has("--open")
    }

    func run(console: Console) async -> Int32 {
        if !options.isLoopback {
            console.err(
                "notesite: warning: serving on \(options.host): other machines on the network can read the site\n"
            )
        }
        // libmicrohttpd is loaded here, not at start (CShims/lazy_libraries.c): say so if it cannot be.
        if let problem = notesite_mhd_load() {
            console.err("notesite: error: libmicrohttpd cannot be loaded: \(String(cString: problem))\n")
            return NotesiteCLI.failure
        }
        let server: DevServer
        do {
            server = try await DevServer.start(options) { console.err($0) }
        } catch {
            console.err("notesite: error: \(FlagHints.text(for: error))\n")
            return NotesiteCLI.failure
        }
        console.err(
            "notesite: serving \(BuildCommand.displayPath(options.build.vault)) at \(server.url.absoluteString) (Ctrl-C stops)\n"
        )
        console.out("\(server.url.absoluteString)\n")
        if open { Self.openInBrowser(server.url, console: console) }
        await Self.waitForStopSignal()
        let clock = ContinuousClock()
        let started = clock.now
        server.stop()
        console.err("notesite: stopped in \(Int((clock.now - started) / .milliseconds(1))) ms\n")
        return NotesiteCLI.success
    }

    /// Returns on the first SIGINT or SIGTERM; the signals are handled here instead of ending the process.
    static func waitForStopSignal() async {
        let queue = DispatchQueue(label: "notesite.signals")
        let pending = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: queue)
        }
        await withCheckedContinuation { continuation in
            pending.withLock { $0 = continuation }
            for source in sources {
                source.setEventHandler {
                    pending.withLock { waiting in
                        waiting?.resume()
                        waiting = nil
                    }
                }
                source.resume()
            }
        }
        for source in sources { source.cancel() }
    }

    static func openInBrowser(_ url: URL, console: Console) {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":").map { "\($0)/xdg-open" }
        guard let opener = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            console.err("notesite: --open: xdg-open is not installed; open \(url.absoluteString) yourself\n")
            return
        }
        do {
            try ChildProcess(opener, [url.absoluteString], error: .inherit).detach()
        } catch {
            console.err("notesite: --open: cannot run xdg-open: \(error)\n")
        }
    }
}
