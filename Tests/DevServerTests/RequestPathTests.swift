import Testing

@testable import DevServer

@Suite("request paths")
struct RequestPathTests {
    @Test(
        "plain paths map to site keys",
        arguments: [
            ("/", ""), ("/index.html", "index.html"), ("/trips/", "trips/"),
            ("/trips/lisbon.html", "trips/lisbon.html"), ("/my%20notes/a.html", "my notes/a.html"),
            ("/caf%C3%A9.html", "café.html"), ("/a..b.html", "a..b.html"),
        ])
    func accepted(raw: String, key: String) {
        #expect(RequestPath(raw: raw) == .site(key))
    }

    @Test(
        "tricks are refused with 400",
        arguments: [
            "/..", "/../x", "/a/../b", "/%2e%2e/x", "/%2E%2e", "/.", "/a/%2e/b", "/a%2fb", "/a%2Fb", "/a\\b",
            "/a%5cb", "/a%00", "/a%00.html", "/%", "/%4", "/%zz", "/%ff", "/a//b", "x", "", "*", "/a%0a",
        ])
    func refused(raw: String) {
        guard case .refused(let status, let reason) = RequestPath(raw: raw) else {
            Issue.record("\(raw) was accepted")
            return
        }
        #expect(status == 400)
        #expect(!reason.isEmpty)
    }

    @Test("over-long paths are refused with 414")
    func tooLong() {
        let raw = "/" + String(repeating: "a", count: RequestPath.maximumLength)
        guard case .refused(let status, _) = RequestPath(raw: raw) else {
            Issue.record("accepted")
            return
        }
        #expect(status == 414)
    }
}
