public import Foundation
import SiteBuilder

/// `notesite serve`: builds the vault in memory, serves it, and rebuilds on every change, telling
/// open pages to reload (or to show the build's errors).
public final class DevServer: Sendable {
    public let options: ServeOptions
    /// The port actually bound (the chosen one when `options.port` was 0).
    public let port: UInt16
    private let http: HTTPServer
    private let watcher: VaultWatcher
    private let changes: AsyncStream<Void>.Continuation
    private let rebuilds: Task<Void, Never>

    /// Binds the port, starts watching, builds the site once and starts serving. Build errors do
    /// not stop it; a port in use does, before any build time is spent.
    public static func start(
        _ options: ServeOptions, log: @escaping @Sendable (String) -> Void
    ) async throws(ServeError) -> DevServer {
        // A browser that goes away mid-response must not end the server: a write to its closed
        // socket gives EPIPE instead of the process-killing SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var options = options
        // Rebuilds parse only the notes whose bytes changed.
        if options.build.memory == nil { options.build.memory = BuildMemory() }
        let memory = options.build.memory
        // A rebuild looks again at the files the watcher saw change, not the whole vault.
        memory?.startWatching()
        let listener = try HTTPServer.Listener(host: options.host, port: options.port)
        // Changes during a build (the first one too) fold into one more rebuild after it.
        let (stream, continuation) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watcher: VaultWatcher
        do {
            watcher = try VaultWatcher(
                root: options.build.vault, excluding: [options.build.output],
                quietPeriod: options.quietPeriod,
                onTouch: { memory?.touch($0) }, onChange: { continuation.yield() })
            for problem in try watcher.start() {
                log("notesite: warning: changes in \(problem) will not be seen\n")
            }
        } catch {
            listener.close()
            throw error
        }
        let first = await build(
            options, previous: SiteSnapshot(version: 0, files: [:], errors: nil), log: log)
        let state = LiveState(first)
        let http: HTTPServer
        do {
            http = try HTTPServer(listener: listener, state: state, loopbackOnly: options.isLoopback)
        } catch {
            watcher.stop()
            throw error
        }
        let rebuilds = Task {
            for await _ in stream {
                if Task.isCancelled { break }
                state.publish(await build(options, previous: state.current, log: log))
            }
        }
        return DevServer(
            options: options, http: http, watcher: watcher, changes: continuation, rebuilds: rebuilds)
    }

    private init(
        options: ServeOptions, http: HTTPServer, watcher: VaultWatcher,
        changes: AsyncStream<Void>.Continuation, rebuilds: Task<Void, Never>
    ) {
        self.options = options
        self.port = http.port
        self.http = http
        self.watcher = watcher
        self.changes = changes
        self.rebuilds = rebuilds
    }

    /// `http://127.0.0.1:4000/`, with brackets around an IPv6 host.
    public var url: URL {
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        return URL(string: "http://\(host):\(port)/") ?? URL(fileURLWithPath: "/")
    }

    /// The build being served now.
    public var snapshot: SiteSnapshot { http.state.current }

    /// Stops watching, ends every event stream and closes every connection (well within a second).
    public func stop() {
        watcher.stop()
        changes.finish()
        rebuilds.cancel()
        http.stop()
    }

    /// One full in-memory build, logged: its time, which pages changed, and its problems.
    static func build(
        _ options: ServeOptions, previous: SiteSnapshot, log: @Sendable (String) -> Void
    ) async -> SiteSnapshot {
        let clock = ContinuousClock()
        let started = clock.now
        let (site, report) = await options.make(options.build)
        let built = clock.now
        let next = previous.next(site: site, report: report)
        let elapsed = (clock.now - started).milliseconds
        // NOTESITE_TIMINGS=1 shows where a rebuild's time goes.
        if ProcessInfo.processInfo.environment["NOTESITE_TIMINGS"] == "1" {
            for stage in report.stages { log("  \(stage.duration.milliseconds) ms  \(stage.name)\n") }
            log("  \((clock.now - built).milliseconds) ms  snapshot and fingerprints\n")
        }
        // A vault with thousands of warnings would print them all on every save: only new ones are.
        let fresh = next.newDiagnostics(since: previous)
        for diagnostic in BuildReport.inOrder(fresh) {
            log("\(diagnostic)\n")
        }
        let standing = next.diagnostics.count - fresh.count
        if previous.version > 0 && standing > 0 && site != nil {
            log(
                "notesite: \(standing) earlier \(standing == 1 ? "problem still stands" : "problems still stand") (`notesite check` lists them all)\n"
            )
        }
        if site == nil {
            log("notesite: build failed after \(elapsed) ms; still serving the last good site\n")
        } else if previous.version == 0 {
            log("notesite: built \(next.pageCount) pages in \(elapsed) ms\n")
        } else {
            let changed = next.changedPages
            let names = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? ", ..." : "")
            // Pages changed is what the reader sees; pages made is what the build redid to get there.
            log(
                "notesite: rebuilt in \(elapsed) ms: \(changed.count) pages changed\(changed.isEmpty ? "" : " (\(names))"), "
                    + "\(report.madePages.count) note pages made\n"
            )
        }
        if next.errors == nil && previous.errors != nil {
            log("notesite: the errors are fixed\n")
        }
        return next
    }
}
