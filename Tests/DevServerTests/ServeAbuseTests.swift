import ChildProcess
import Foundation
import Testing

/// `serve` under abuse: idle connections by the thousand, oversized requests, pipelining,
/// half-closed connections, and IPv6 loopback. After each, the server still answers.
@Suite(.serialized) struct ServeAbuseTests {
    static let notes = [
        "Home.md": "# Home\n\nWelcome. [[Lisbon]]\n",
        "trips/Lisbon.md": "# Lisbon\n\nTrams and tiles.\n",
    ]

    /// `count` GETs of `/` from `clients` connections at once; returns the statuses.
    static func requests(_ count: Int, clients: Int, port: UInt16) async -> [Int] {
        await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<clients {
                group.addTask {
                    var statuses: [Int] = []
                    for _ in 0..<(count / clients) {
                        statuses.append((try? await RawHTTP.request("/", port: port).status) ?? -1)
                    }
                    return statuses
                }
            }
            var all: [Int] = []
            for await statuses in group { all += statuses }
            return all
        }
    }

    /// Runs wrk against `url`; nil when wrk is not installed (scripts/setup --test installs it).
    static func wrk(_ url: String, seconds: Int) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/wrk") else { return nil }
        let process = try ChildProcess(
            "/usr/bin/wrk", ["-t2", "-c20", "-d\(seconds)s", "--timeout", "5s", url], output: .pipe,
            error: .sameAsOutput)
        let data = process.output?.readDataToEndOfFile() ?? Data()
        process.wait()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("1,000 idle connections (slowloris) hold no other client up: wrk and plain clients get 0 errors")
    func slowloris() async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        var idle: [RawHTTP] = []
        for _ in 0..<1000 {
            let client = try RawHTTP(port: fixture.port)
            // A request that never ends: the header goes on, a byte at a time, forever.
            client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            idle.append(client)
        }
        let statuses = await Self.requests(200, clients: 10, port: fixture.port)
        #expect(statuses.count == 200 && statuses.allSatisfy { $0 == 200 }, "\(Set(statuses))")
        var measured = try Self.wrk("http://127.0.0.1:\(fixture.port)/", seconds: 3)
        if let first = measured, first.contains("Socket errors") {
            // Once more: with a thousand other tests running, a connect can fail for the machine's
            // reasons (seen once in CI: 3 of 47,419); a server that starves clients fails twice.
            print("wrk again after: \(first)")
            measured = try Self.wrk("http://127.0.0.1:\(fixture.port)/", seconds: 3)
        }
        if let report = measured {
            #expect(!report.contains("Socket errors"), "\(report)")
            #expect(!report.contains("Non-2xx or 3xx responses"), "\(report)")
            let served = report.firstMatch(of: /(\d+) requests in/).flatMap { Int($0.1) } ?? 0
            #expect(served > 100, "\(report)")
        } else {
            #expect(
                ProcessInfo.processInfo.environment["CI"] != "true",
                "wrk is missing: run scripts/setup --test")
            print("wrk not installed: only the Swift clients ran")
        }
        for client in idle { client.send("x") }
        #expect(try await RawHTTP.request("/trips/lisbon.html", port: fixture.port).status == 200)
        withExtendedLifetime(idle) {}
    }

    @Test("a 1 MB header gets 431 and a 100 KB URL 414, and the server goes on")
    func oversizedRequests() async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        let header = try RawHTTP(port: fixture.port)
        header.send(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "b", count: 1_000_000))\r\n\r\n")
        #expect(try await header.response().status == 431)
        let url = try RawHTTP(port: fixture.port)
        url.send("GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try await url.response().status == 414)
        let many = (0..<2000).map { "X-Header-\($0): \(String(repeating: "c", count: 100))\r\n" }.joined()
        let headers = try RawHTTP(port: fixture.port)
        headers.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\(many)\r\n")
        #expect(try await headers.response().status == 431)
        #expect(try await RawHTTP.request("/", port: fixture.port).status == 200)
    }

    @Test("pipelined requests are answered in order on one connection")
    func pipelined() async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        let client = try RawHTTP(port: fixture.port)
        client.send(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                + "GET /assets/style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                + "HEAD /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let home = try await client.response()
        #expect(home.status == 200 && home.text.contains("Welcome"))
        let style = try await client.response()
        #expect(style.status == 200 && style.headers["content-type"]?.hasPrefix("text/css") == true)
        let missing = try await client.response(head: true)
        #expect(missing.status == 404 && missing.body.isEmpty)
    }

    @Test("a half-closed connection still gets its answer; a half-closed partial request is dropped at once")
    func halfClosed() async throws {
        let fixture = try await ServerFixture(files: Self.notes)
        defer { fixture.stop() }
        let whole = try RawHTTP(port: fixture.port)
        whole.send("GET /trips/lisbon.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        whole.finishSending()
        let response = try await whole.response()
        #expect(response.status == 200 && response.text.contains("Trams and tiles"))
        let partial = try RawHTTP(port: fixture.port)
        partial.send("GET /trips/lisbon.html HTTP/1.1\r\nHost: 127.0")
        partial.finishSending()
        let start = ContinuousClock.now
        let answer = try? await partial.response(within: 10)
        #expect(answer == nil || (400..<500).contains(answer?.status ?? 0))
        #expect(
            ContinuousClock.now - start < .seconds(3), "the server kept a half-closed partial request open")
        #expect(try await RawHTTP.request("/", port: fixture.port).status == 200)
    }

    @Test("--host ::1 serves over IPv6 loopback and answers a [::1] Host")
    func ipv6Loopback() async throws {
        let fixture: ServerFixture
        do {
            fixture = try await ServerFixture(files: Self.notes, host: "::1")
        } catch {
            #expect(ProcessInfo.processInfo.environment["CI"] != "true", "no IPv6 loopback: \(error)")
            print("skipped: no IPv6 loopback here (\(error))")
            return
        }
        defer { fixture.stop() }
        #expect(fixture.server.url.absoluteString == "http://[::1]:\(fixture.port)/")
        let client = try RawHTTP(port: fixture.port, host: "::1")
        client.send("GET /trips/lisbon.html HTTP/1.1\r\nHost: [::1]:\(fixture.port)\r\n\r\n")
        let response = try await client.response()
        #expect(response.status == 200 && response.text.contains("Trams and tiles"))
        let foreign = try RawHTTP(port: fixture.port, host: "::1")
        foreign.send("GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n")
        #expect(try await foreign.response().status == 403)
        #expect((try? RawHTTP(port: fixture.port)) == nil, "::1 alone is not reachable over IPv4")
    }
}
