import Foundation
import HTMLText
import SiteBuilder

/// One live-reload client's server-sent-events stream. libmicrohttpd calls `read` from the
/// connection's own thread (thread-per-connection), so blocking there until a build arrives costs
/// one sleeping thread per open page and no polling.
///
/// Events: `hello` (connected; data: the build version), `build-error` (data: the diagnostics as a
/// JSON string), `ok` (the errors are gone), `reload` (this page changed; the stream then ends).
final class EventStream {
    private let state: LiveState
    private let page: String
    private let clientFingerprint: String
    private var seenVersion = 0
    private var shownErrors: String?
    private var pending: [UInt8] = Array("retry: 1000\n\n".utf8)
    private var finished = false
    /// How long a quiet stream waits before a comment line keeps proxies and browsers from timing out.
    private let keepAlive: TimeInterval

    init(state: LiveState, page: String, fingerprint: String, keepAlive: TimeInterval = 15) {
        self.state = state
        self.page = page
        self.clientFingerprint = fingerprint
        self.keepAlive = keepAlive
    }

    /// The next bytes, at most `size` of them, waiting for a build when there are none; nil at
    /// the stream's end.
    func read(upTo size: Int) -> [UInt8]? {
        while pending.isEmpty {
            if finished { return nil }
            switch state.wait(newerThan: seenVersion, until: Date(timeIntervalSinceNow: keepAlive)) {
            case .stopping:
                return nil
            case .timedOut:
                pending = Array(": keep-alive\n\n".utf8)
            case .snapshot(let snapshot):
                evaluate(snapshot)
            }
        }
        let count = min(size, pending.count)
        defer { pending.removeFirst(count) }
        return Array(pending[..<count])
    }

    private func evaluate(_ snapshot: SiteSnapshot) {
        if seenVersion == 0 { send("hello", data: String(snapshot.version)) }
        seenVersion = snapshot.version
        // Errors anywhere in the vault are shown over the page, but never hold back its reload:
        // in a real vault some note nearly always has a problem. A build that failed outright
        // keeps the files already served, so their pages do not change.
        if let errors = snapshot.errors {
            if errors != shownErrors {
                send("build-error", data: JSONString.literal(errors))
                shownErrors = errors
            }
        } else if shownErrors != nil {
            send("ok", data: String(snapshot.version))
            shownErrors = nil
        }
        if (snapshot.fingerprint(of: page)?.description ?? "") != clientFingerprint {
            send("reload", data: JSONString.literal(page))
            finished = true
        }
    }

    private func send(_ event: String, data: String) {
        pending += Array("event: \(event)\ndata: \(data)\n\n".utf8)
    }
}
