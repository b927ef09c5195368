import Glibc

/// How many connections the server holds at once, and for how long an idle one. One thread and one
/// file descriptor per connection: a thousand idle connections (a slowloris, or many open tabs) must
/// not use up the descriptors a rebuild needs to read notes, nor stop answering other clients.
struct ConnectionLimits {
    /// Connections served at once; more are closed as they arrive.
    var connections: UInt32
    /// A connection that sends nothing for this long is closed.
    var idleSeconds: UInt32 = 60
    /// Room for one request line and its headers: a longer URL gets 414, longer headers 431
    /// (libmicrohttpd does both itself, measured with Debian's 0.9.75).
    var requestBytes = 32 * 1024

    /// Descriptors kept free for rebuilds (notes, images, highlighter pipes) and the watcher.
    static let reserved = 256
    static let mostConnections = 4096

    /// Raises this process's soft descriptor limit to its hard limit (often 1,024 of 524,288), then
    /// sizes the connection limit to fit under it.
    static func raised() -> ConnectionLimits {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            return ConnectionLimits(connections: 512)
        }
        let wanted = min(limit.rlim_max, rlim_t(mostConnections + reserved))
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let available = Int(clamping: limit.rlim_cur) - reserved
        return ConnectionLimits(connections: UInt32(max(16, min(mostConnections, available))))
    }
}
