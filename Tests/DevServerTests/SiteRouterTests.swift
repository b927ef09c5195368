import Foundation
import Testing

@testable import DevServer

@Suite("routing requests within one snapshot")
struct SiteRouterTests {
    func route(_ path: String, method: String = "GET", files: [String: Data]) -> HTTPResponse? {
        let router = SiteRouter(snapshot: SiteSnapshot(version: 1, files: files, errors: nil))
        guard case .response(let response) = router.route(method: method, rawPath: path, query: { _ in nil })
        else { return nil }
        return response
    }

    @Test("without a 404 page of its own the site gets a small built-in one, escaped")
    func builtInNotFound() throws {
        let response = try #require(route("/nowhere/%3Cb%3E.html", files: ["index.html": Data()]))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == 404)
        #expect(text.contains("404 Not found"))
        #expect(text.contains("&lt;b&gt;") && !text.contains("<b>"))
    }

    @Test("the site's own 404 page wins over the built-in one")
    func siteNotFound() throws {
        let response = try #require(route("/x", files: ["404.html": Data("<p>lost</p>".utf8)]))
        #expect(response.status == 404)
        #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("<p>lost</p><script"))
    }

    @Test("the event stream is routed with its page and fingerprint")
    func eventsRoute() {
        let router = SiteRouter(snapshot: SiteSnapshot(version: 1, files: [:], errors: nil))
        let route = router.route(method: "GET", rawPath: "/_notesite/events") { name in
            name == "page" ? "trips%2Flisbon.html" : "abc"
        }
        guard case .events(let page, let fingerprint) = route else {
            Issue.record("not routed to the event stream")
            return
        }
        #expect(page == "trips/lisbon.html")
        #expect(fingerprint == "abc")
    }

    @Test("non-HTML files are served as they are")
    func assetsUntouched() throws {
        let css = Data("body{}</body>".utf8)
        let response = try #require(route("/assets/style.css", files: ["assets/style.css": css]))
        #expect(response.body == css)
        #expect(response.headers.contains { $0 == ("Cache-Control", "no-store") })
    }

    @Test(
        "on loopback, only loopback Host headers are answered",
        arguments: [
            ("127.0.0.1:4000", true), ("localhost", true), ("LOCALHOST:80", true),
            ("notes.localhost:4000", true),
            ("[::1]:4000", true), ("127.1.2.3", true), ("evil.example", false), ("evil.example:4000", false),
            ("127.0.0.1.evil.example", false), ("localhost.evil.example", false), ("[::2]:4000", false),
            ("10.0.0.1:4000", false),
        ])
    func hostCheck(host: String, allowed: Bool) {
        #expect(SiteRouter.isLoopbackHost(host) == allowed)
        let router = SiteRouter(
            snapshot: SiteSnapshot(version: 1, files: ["index.html": Data()], errors: nil), loopbackOnly: true
        )
        guard
            case .response(let response) = router.route(
                method: "GET", rawPath: "/", host: host, query: { _ in nil })
        else {
            Issue.record("not a response")
            return
        }
        #expect(response.status == (allowed ? 200 : 403))
    }
}
