internal import CMHDShims
internal import CMicroHTTPD
import Foundation
import Glibc

/// libmicrohttpd serving the snapshot in `state`, one thread per connection.
final class HTTPServer: Sendable {
    let port: UInt16
    let state: LiveState
    /// `MHD_Daemon *` and the handler's context, kept as integers so the class stays `Sendable`;
    /// only `stop` uses them, once.
    private let daemon: UInt
    private let context: UInt

    /// A bound, listening socket, made before the first build so a port in use is reported at once.
    struct Listener: Sendable {
        let socket: Int32
        let host: String
        let port: UInt16

        /// Binds `host:port` (0: a free port).
        init(host: String, port: UInt16) throws(ServeError) {
            var bound: UInt16 = 0
            var errorNumber: Int32 = 0
            var lookupError: Int32 = 0
            let socket = notesite_mhd_listen(host, port, &bound, &errorNumber, &lookupError)
            guard socket >= 0 else {
                if lookupError != 0 {
                    throw .badHost(host: host, reason: String(cString: gai_strerror(lookupError)))
                }
                let reason = String(cString: strerror(errorNumber))
                if errorNumber == EADDRINUSE { throw .portInUse(host: host, port: port) }
                if errorNumber == EADDRNOTAVAIL { throw .badHost(host: host, reason: reason) }
                throw .cannotListen(host: host, port: port, reason: reason)
            }
            self.socket = socket
            self.host = host
            self.port = bound
        }

        /// For a listener that will not be served after all.
        func close() { _ = Glibc.close(socket) }
    }

    /// Starts serving on `listener`, which the server then owns (and closes on `stop`).
    init(listener: Listener, state: LiveState, loopbackOnly: Bool) throws(ServeError) {
        let core = Unmanaged.passRetained(HandlerContext(state: state, loopbackOnly: loopbackOnly))
        let limits = ConnectionLimits.raised()
        guard
            let daemon = notesite_mhd_start(
                listener.socket, Self.handler, core.toOpaque(), limits.idleSeconds, limits.connections,
                limits.requestBytes)
        else {
            core.release()
            listener.close()
            throw .cannotListen(
                host: listener.host, port: listener.port, reason: "libmicrohttpd did not start")
        }
        self.daemon = UInt(bitPattern: daemon)
        self.context = UInt(bitPattern: core.toOpaque())
        self.port = listener.port
        self.state = state
    }

    /// Ends every event stream, then waits for the connection threads and closes the socket.
    func stop() {
        state.stop()
        if let daemon = OpaquePointer(bitPattern: daemon) {
            MHD_stop_daemon(daemon)
        }
        if let context = UnsafeRawPointer(bitPattern: context) {
            Unmanaged<HandlerContext>.fromOpaque(context).release()
        }
    }

    /// What the C handler reaches through its `cls` pointer.
    final class HandlerContext: Sendable {
        let state: LiveState
        let loopbackOnly: Bool
        init(state: LiveState, loopbackOnly: Bool) {
            self.state = state
            self.loopbackOnly = loopbackOnly
        }
    }

    private static let handler: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, _, uploadSize, requestState in
        guard let context, let connection, let url, let method, let requestState else { return .NO }
        // First call: headers only. Answering on a later call lets libmicrohttpd keep the
        // connection alive; request bodies (only ever refused) are read and dropped.
        if requestState.pointee == nil {
            requestState.pointee = UnsafeMutableRawPointer(bitPattern: 1)
            return .YES
        }
        if let uploadSize, uploadSize.pointee > 0 {
            uploadSize.pointee = 0
            return .YES
        }
        let core = Unmanaged<HandlerContext>.fromOpaque(context).takeUnretainedValue()
        let state = core.state
        let router = SiteRouter(snapshot: state.current, loopbackOnly: core.loopbackOnly)
        let host = MHD_lookup_connection_value(connection, .HEADER_KIND, "Host").map { String(cString: $0) }
        let route = router.route(method: String(cString: method), rawPath: String(cString: url), host: host) {
            name in
            MHD_lookup_connection_value(connection, .GET_ARGUMENT_KIND, name).map { String(cString: $0) }
        }
        switch route {
        case .response(let response):
            return queue(response, on: connection)
        case .events(let page, let fingerprint):
            return queueEvents(
                EventStream(state: state, page: page, fingerprint: fingerprint), on: connection)
        }
    }

    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBytes { bytes in
            notesite_mhd_copied_response(bytes.baseAddress, bytes.count)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers {
            _ = MHD_add_response_header(made, name, value)
        }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    private static func queueEvents(_ stream: EventStream, on connection: OpaquePointer) -> MHD_Result {
        let retained = Unmanaged.passRetained(stream).toOpaque()
        let reader: MHD_ContentReaderCallback = { context, _, buffer, size in
            guard let context, let buffer else { return notesite_mhd_end_of_stream() }
            let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
            guard let bytes = stream.read(upTo: size) else { return notesite_mhd_end_of_stream() }
            UnsafeMutableRawBufferPointer(start: buffer, count: size).copyBytes(from: bytes)
            return bytes.count
        }
        let free: MHD_ContentReaderFreeCallback = { context in
            guard let context else { return }
            Unmanaged<EventStream>.fromOpaque(context).release()
        }
        guard let made = MHD_create_response_from_callback(UInt64.max, 4096, reader, retained, free) else {
            Unmanaged<EventStream>.fromOpaque(retained).release()
            return .NO
        }
        defer { MHD_destroy_response(made) }
        _ = MHD_add_response_header(made, "Content-Type", "text/event-stream; charset=utf-8")
        _ = MHD_add_response_header(made, "Cache-Control", "no-store")
        return MHD_queue_response(connection, 200, made)
    }
}
