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
}
