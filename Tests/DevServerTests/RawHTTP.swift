import Foundation
import Glibc

/// A bare HTTP/1.1 client over a socket to 127.0.0.1, so tests can send request targets exactly as
/// written (URLSession would tidy `..` away) and read event streams as they arrive. Every read is
/// bounded by a deadline, so a broken server fails the test instead of hanging it.
final class RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let socket: Int32
    private var received: [UInt8] = []

    /// Connects to `host`: an IPv4 literal, or `::1` for IPv6 loopback.
    init(port: UInt16, host: String = "127.0.0.1") throws {
        let ipv6 = host.contains(":")
        socket = Glibc.socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        let connected: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr(host)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(
                description: "cannot connect to \(host):\(port): \(String(cString: strerror(errno)))")
        }
    }

    /// Closes the sending side only (a half-closed connection); reading goes on.
    func finishSending() { shutdown(socket, Int32(SHUT_WR)) }

    deinit { close(socket) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads more bytes; false when the peer closed or the deadline passed. Never blocks a thread:
    /// the server's rebuilds run on the same small pool of threads as the tests.
    private func receive(until deadline: Date) async -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while Date() < deadline {
            let count = buffer.withUnsafeMutableBytes {
                recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if count > 0 {
                received += buffer[..<count]
                return true
            }
            if count == 0 { return false }
            if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Reads one whole response (Content-Length or until close).
    func response(within seconds: Double = Patience.seconds, head: Bool = false) async throws -> Response {
        let deadline = Date(timeIntervalSinceNow: seconds)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = received.firstRange(of: separator)?.upperBound
            if headerEnd != nil { break }
            if !(await receive(until: deadline)) {
                throw Failure(description: "no complete response header (got \(received.count) bytes)")
            }
        }
        guard let end = headerEnd else { throw Failure(description: "unreachable") }
        let lines = String(decoding: received[..<(end - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line '\(lines.first ?? "")'")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Array(received[end...])
        if head {
            // No body may follow a HEAD response: read until the server closes and keep what came.
            while await receive(until: deadline) {}
            return Response(status: status, headers: headers, body: Data(received[end...]))
        }
        if let length = headers["content-length"].flatMap(Int.init) {
            while body.count < length {
                guard await receive(until: deadline) else {
                    throw Failure(description: "body ended after \(body.count) of \(length) bytes")
                }
                body = Array(received[end...])
            }
            received.removeSubrange(..<(end + length))
            return Response(status: status, headers: headers, body: Data(body.prefix(length)))
        }
        while await receive(until: deadline) {}
        return Response(status: status, headers: headers, body: Data(received[end...]))
    }

    /// Sends one request and reads its response on a fresh connection.
    static func request(
        _ target: String, method: String = "GET", port: UInt16, extraHeaders: String = ""
    ) async throws -> Response {
        let client = try RawHTTP(port: port)
        client.send(
            "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(extraHeaders)\r\n")
        return try await client.response(head: method == "HEAD")
    }

    /// Sends raw bytes and reads whatever comes back; nil when the server closed without a status.
    static func exchange(_ raw: String, port: UInt16) async throws -> Int? {
        let client = try RawHTTP(port: port)
        client.send(raw)
        return try? await client.response(within: 3).status
    }

    // MARK: Server-sent events

    struct Event: Equatable {
        var name: String
        var data: String
    }

    /// Waits for the next event (comments and `retry:` lines skipped) until the deadline.
    func nextEvent(within seconds: Double) async -> Event? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        let separator: [UInt8] = Array("\n\n".utf8)
        while true {
            if let range = received.firstRange(of: separator) {
                let block = String(decoding: received[..<range.lowerBound], as: UTF8.self)
                received.removeSubrange(..<range.upperBound)
                var event = Event(name: "message", data: "")
                var hasData = false
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") {
                        event.data = String(line.dropFirst(6))
                        hasData = true
                    }
                }
                if hasData { return event }
                continue
            }
            if !(await receive(until: deadline)) { return nil }
        }
    }

    /// Opens the event stream and reads its response header. HTTP/1.0, so the stream is not chunked.
    static func events(port: UInt16, page: String, fingerprint: String) async throws -> RawHTTP {
        let client = try RawHTTP(port: port)
        let encoded = page.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? page
        client.send(
            "GET /_notesite/events?page=\(encoded)&hash=\(fingerprint) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        let deadline = Date(timeIntervalSinceNow: Patience.seconds)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while client.received.firstRange(of: separator) == nil {
            guard await client.receive(until: deadline) else {
                throw Failure(description: "no event-stream header")
            }
        }
        client.dropHeader()
        return client
    }

    private func dropHeader() {
        if let range = received.firstRange(of: Array("\r\n\r\n".utf8)) {
            received.removeSubrange(..<range.upperBound)
        }
    }
}
