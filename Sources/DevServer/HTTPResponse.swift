import Foundation

/// What the handler decided to send, before it is handed to libmicrohttpd.
package struct HTTPResponse {
    package var status: Int
    package var headers: [(String, String)]
    var body: Data

    init(status: Int, contentType: String, body: Data, headers: [(String, String)] = []) {
        self.status = status
        self.body = body
        self.headers = [("Content-Type", contentType), ("Cache-Control", "no-store")] + headers
    }

    /// A small plain page for statuses the site itself has no page for.
    static func plain(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, contentType: "text/plain; charset=utf-8",
            body: Data("\(status) \(message)\n".utf8),
            headers: headers)
    }
}
