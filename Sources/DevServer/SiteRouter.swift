import Foundation
import HTMLText

/// Maps a request to a response from one snapshot: pure, so it is tested without a socket.
package struct SiteRouter {
    let snapshot: SiteSnapshot
    /// Whether HTML pages get the live-reload script.
    var liveReload = true
    /// On a loopback address, only requests naming a loopback host are answered, so a web page
    /// elsewhere cannot read the notes through DNS rebinding (its requests carry its own host name).
    var loopbackOnly = false

    package init(snapshot: SiteSnapshot, liveReload: Bool = true, loopbackOnly: Bool = false) {
        self.snapshot = snapshot
        self.liveReload = liveReload
        self.loopbackOnly = loopbackOnly
    }

    package enum Route {
        case response(HTTPResponse)
        /// The live-reload event stream for `page`, as loaded with `fingerprint`.
        case events(page: String, fingerprint: String)
    }

    package func route(method: String, rawPath: String, host: String? = nil, query: (String) -> String?)
        -> Route
    {
        guard method == "GET" || method == "HEAD" else {
            return .response(.plain(405, "Method Not Allowed", headers: [("Allow", "GET, HEAD")]))
        }
        if loopbackOnly, let host, !Self.isLoopbackHost(host) {
            return .response(.plain(403, "Forbidden: this server answers requests for localhost only"))
        }
        let key: String
        switch RequestPath(raw: rawPath) {
        case .refused(let status, let reason):
            return .response(
                .plain(status, status == 414 ? "URI Too Long: \(reason)" : "Bad Request: \(reason)"))
        case .site(let path):
            key = path
        }
        if key == LiveReload.eventsPath {
            if method == "HEAD" {
                return .response(HTTPResponse(status: 200, contentType: "text/event-stream", body: Data()))
            }
            let page = query("page").flatMap { $0.removingPercentEncoding } ?? ""
            return .events(page: page, fingerprint: query("hash") ?? "")
        }
        let file = key.isEmpty || key.hasSuffix("/") ? key + "index.html" : key
        if let data = snapshot.files[file] {
            return .response(serve(file, data, status: 200))
        }
        if snapshot.files[file + "/index.html"] != nil {
            // `/trips` -> `/trips/`, so the folder page's relative links resolve inside the folder.
            return .response(
                .plain(301, "Moved Permanently", headers: [("Location", rawPath + "/")]))
        }
        if let notFound = snapshot.files["404.html"] {
            return .response(serve("404.html", notFound, status: 404))
        }
        let page = Data(
            """
            <!doctype html><html><head><meta charset="utf-8"><title>Not found</title></head>
            <body><h1>404 Not found</h1><p>The site has no page at <code>/\(key.htmlEscaped)</code>.</p>
            <p><a href="/">Home</a></p></body></html>

            """.utf8)
        return .response(serve("404.html", page, status: 404, fingerprint: ""))
    }

    private func serve(_ path: String, _ data: Data, status: Int, fingerprint: String? = nil) -> HTTPResponse
    {
        let type = ContentType.forPath(path)
        var body = data
        if liveReload && path.hasSuffix(".html") {
            let print = fingerprint ?? snapshot.fingerprint(of: path)?.description ?? ""
            body = LiveReload.inject(into: data, page: path, fingerprint: print)
        }
        return HTTPResponse(
            status: status, contentType: type, body: body, headers: [("X-Content-Type-Options", "nosniff")])
    }
}

extension SiteRouter {
    /// `localhost`, `*.localhost`, `127.x.x.x` and `[::1]`, with or without a port.
    package static func isLoopbackHost(_ header: String) -> Bool {
        var name = header.lowercased()
        if name.hasPrefix("[") {
            return name.hasPrefix("[::1]")
        }
        if let colon = name.lastIndex(of: ":") { name = String(name[..<colon]) }
        if name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
