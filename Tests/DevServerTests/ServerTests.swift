import DevServer
import Foundation
import Testing

@Suite("serving a site over HTTP")
struct ServerTests {
    static let notes = [
        "welcome.md": "# Welcome\n\nHello.\n",
        "trips/lisbon.md": "# Lisbon\n\nTiles & trams.\n",
    ]
    static let extra = [
        "trips/index.html": "<!doctype html><html><body><h1>Trips</h1></body></html>",
        "404.html": "<!doctype html><html><body><h1>Lost in the notes</h1></body></html>",
        "data/feed.xml": "<rss/>",
        "assets/app.js": "console.log(1)",
    ]

    @Test("pages, folders and assets come with their type, no-store and the live-reload script")
    func pagesAndAssets() async throws {
        let fixture = try await ServerFixture(files: Self.notes, extra: Self.extra)
        defer { fixture.stop() }
        let files = fixture.server.snapshot.files

        let home = try await RawHTTP.request("/", port: fixture.port)
        #expect(home.status == 200)
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.headers["cache-control"] == "no-store")
        // The page as built, plus the live-reload script and nothing else.
        #expect(home.text.contains("id=\"notesite-live\""))
        #expect(
            Self.withoutLiveScript(home.text)
                == files["index.html"].map { String(decoding: $0, as: UTF8.self) })

        let page = try await RawHTTP.request("/trips/lisbon.html", port: fixture.port)
        #expect(page.status == 200)
        #expect(page.text.contains("Tiles &amp; trams."))
        // The script goes before `</body>`, so the page stays well-formed.
        #expect(page.text.hasSuffix("</script>\n</body></html>\n"))

        let style = try await RawHTTP.request("/assets/style.css", port: fixture.port)
        #expect(style.status == 200)
        #expect(style.headers["content-type"] == "text/css; charset=utf-8")
        #expect(style.body == files["assets/style.css"])

        let script = try await RawHTTP.request("/assets/app.js", port: fixture.port)
        #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.text == "console.log(1)")
        #expect(
            try await RawHTTP.request("/data/feed.xml", port: fixture.port).headers["content-type"]
                == "application/xml")

        let folder = try await RawHTTP.request("/trips/", port: fixture.port)
        #expect(folder.status == 200)
        #expect(folder.text.contains("<h1>Trips</h1>"))
        let bare = try await RawHTTP.request("/trips", port: fixture.port)
        #expect(bare.status == 301)
        #expect(bare.headers["location"] == "/trips/")
    }

    @Test("one connection serves several requests (keep-alive)")
    func keepAlive() async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        let client = try RawHTTP(port: fixture.port)
        for path in ["/welcome.html", "/trips/lisbon.html", "/assets/style.css"] {
            client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let response = try await client.response()
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["connection"]?.lowercased() != "close")
        }
    }

    @Test("a request naming another host is refused (DNS rebinding), a loopback one is served")
    func foreignHost() async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        for (host, status) in [("evil.example", 403), ("localhost:\(fixture.port)", 200)] {
            let client = try RawHTTP(port: fixture.port)
            client.send("GET /welcome.html HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(try await client.response().status == status, "\(host)")
        }
    }

    @Test("HEAD sends the headers of GET and no body")
    func head() async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        let get = try await RawHTTP.request("/trips/lisbon.html", port: fixture.port)
        let head = try await RawHTTP.request("/trips/lisbon.html", method: "HEAD", port: fixture.port)
        #expect(head.status == 200)
        #expect(head.headers["content-type"] == "text/html; charset=utf-8")
        #expect(head.headers["content-length"] == String(get.body.count))
        #expect(head.body.isEmpty)
    }

    @Test(
        "methods other than GET and HEAD get 405 with Allow",
        arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"])
    func methodNotAllowed(method: String) async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        let response = try await RawHTTP.request(
            "/welcome.html", method: method, port: fixture.port, extraHeaders: "Content-Length: 0\r\n")
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "GET, HEAD")
    }

    @Test("a missing page is the site's 404 page with status 404")
    func siteNotFoundPage() async throws {
        let fixture = try await ServerFixture(files: Self.notes, extra: Self.extra)
        defer { fixture.stop() }
        let response = try await RawHTTP.request("/nowhere.html", port: fixture.port)
        #expect(response.status == 404)
        #expect(response.headers["content-type"] == "text/html; charset=utf-8")
        #expect(response.text.contains("Lost in the notes"))
    }

    /// Each names a file that exists if the trick worked (`trips/lisbon.html`, or a file outside the site).
    static let traversals = [
        "/../etc/passwd",
        "/trips/../home.html",
        "/%2e%2e/etc/passwd",
        "/%2E%2E/%2e%2e/etc/passwd",
        "/trips/%2e%2e/home.html",
        "/trips/./lisbon.html",
        "/trips/%2e/lisbon.html",
        "/trips%2flisbon.html",
        "/trips%2Flisbon.html",
        "/trips\\lisbon.html",
        "/trips%5clisbon.html",
        "/trips/lisbon.html%00.png",
        "/trips/lisbon.html%00",
        "/%zz",
        "/trips/lisbon.html%4",
        "/trips//lisbon.html",
        "/%ff%fe.html",
        "/" + String(repeating: "a", count: 3000),
    ]

    @Test(
        "traversal and malformed paths are refused with a 4xx, and the server goes on", arguments: traversals)
    func traversalRefused(target: String) async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        let response = try await RawHTTP.request(target, port: fixture.port)
        // 400 or 414: refused as a request, not merely looked up and missed (404).
        #expect(response.status == 400 || response.status == 414, "\(target) -> \(response.status)")
        #expect(!response.text.contains("Tiles"))
        #expect(try await RawHTTP.request("/trips/lisbon.html", port: fixture.port).status == 200)
    }

    static let malformedRequests = [
        "GET\r\n\r\n",
        "\u{1}\u{2}\u{3} / HTTP/1.1\r\n\r\n",
        "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
        "GET /" + String(repeating: "x", count: 200_000) + " HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nBad header without colon\r\n\r\n",
    ]

    @Test(
        "malformed and over-long request lines are refused or dropped, and the server goes on",
        arguments: malformedRequests.indices)
    func malformedRequest(index: Int) async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        if let status = try await RawHTTP.exchange(Self.malformedRequests[index], port: fixture.port) {
            #expect((400..<600).contains(status), "request \(index) -> \(status)")
        }
        #expect(try await RawHTTP.request("/welcome.html", port: fixture.port).status == 200)
    }

    @Test("a port in use is an error naming the port (the command line adds --port)")
    func portInUse() async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        let options = ServeOptions(build: .init(vault: fixture.root), port: fixture.port)
        await #expect(throws: ServeError.portInUse(host: "127.0.0.1", port: fixture.port)) {
            let second = try await DevServer.start(options) { _ in }
            second.stop()
        }
        let message = ServeError.portInUse(host: "127.0.0.1", port: fixture.port).description
        #expect(message.contains("port \(fixture.port)") && message.contains("choose another port"))
        #expect(!message.contains("--"), "a library message names no flag")
    }

    @Test("stop ends open event streams and closes the port within a second")
    func stopIsQuick() async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        let stream = try await RawHTTP.events(
            port: fixture.port, page: "welcome.html",
            fingerprint: try await fixture.fingerprint(of: "welcome.html")
        )
        #expect(await stream.nextEvent(within: Patience.seconds)?.name == "hello")
        let clock = ContinuousClock()
        let started = clock.now
        fixture.stop()
        #expect(clock.now - started < .seconds(1))
        await #expect(throws: RawHTTP.Failure.self) { try await RawHTTP.request("/", port: fixture.port) }
    }

    static func withoutLiveScript(_ html: String) -> String {
        guard let start = html.range(of: "<script id=\"notesite-live\">"),
            let end = html.range(of: "</script>\n", range: start.upperBound..<html.endIndex)
        else { return html }
        return String(html[..<start.lowerBound] + html[end.upperBound...])
    }
}
