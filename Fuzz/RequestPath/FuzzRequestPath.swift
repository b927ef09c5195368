import DevServer
import Foundation
import FuzzSupport

/// The server's handling of a request line: the raw path (as libmicrohttpd passes it, undecoded),
/// the method, the Host header and the query, routed within a small site. No crash, and a path that
/// is accepted never climbs out of the site.
enum RequestPathTarget {
    static let router = SiteRouter(
        snapshot: SiteSnapshot(
            version: 1,
            files: [
                "index.html": Data("<html><body>home</body></html>".utf8),
                "trips/index.html": Data("<p>trips".utf8), "trips/lisbon.html": Data("<html><head>".utf8),
                "assets/site.css": Data("body{}".utf8), "404.html": Data("<h1>lost</h1>".utf8),
            ], errors: nil),
        liveReload: true, loopbackOnly: true)

    static func run(_ bytes: [UInt8]) {
        // Newlines separate the raw path, the Host header, the method and the query's value.
        let fields = bytes.split(separator: 0x0A, maxSplits: 3, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let rawPath = fields[0]
        let host = fields.count > 1 ? fields[1] : nil
        let method = fields.count > 2 ? (fields[2].isEmpty ? "GET" : fields[2]) : "GET"
        let query = fields.count > 3 ? fields[3] : nil
        if case .site(let key) = RequestPath(raw: rawPath) {
            let segments = key.split(separator: "/", omittingEmptySubsequences: false)
            FuzzReplay.check(!key.hasPrefix("/"), "an absolute key: \(key)")
            FuzzReplay.check(!segments.contains(".."), "a key that climbs out: \(key)")
            FuzzReplay.check(!key.utf8.contains(0), "a NUL in a key: \(key)")
            FuzzReplay.check(!key.contains("\\"), "a backslash in a key: \(key)")
        }
        _ = SiteRouter.isLoopbackHost(host ?? rawPath)
        switch router.route(method: method, rawPath: rawPath, host: host, query: { _ in query }) {
        case .response(let response):
            FuzzReplay.check((200..<600).contains(response.status), "status \(response.status)")
            for (name, value) in response.headers {
                FuzzReplay.check(!value.contains("\r") && !value.contains("\n"), "a line break in \(name)")
                // A redirect stays on this server: `//host` would leave it.
                FuzzReplay.check(name != "Location" || !value.hasPrefix("//"), "a redirect away: \(value)")
            }
        case .events:
            FuzzReplay.check(method == "GET", "an event stream for \(method)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    RequestPathTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if !FUZZING
    @main enum Replay {
        static func main() { FuzzReplay.main(RequestPathTarget.run) }
    }
#endif
