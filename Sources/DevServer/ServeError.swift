/// Why `notesite serve` could not start, as one line a person can act on.
public enum ServeError: Error, CustomStringConvertible, Equatable {
    case portInUse(host: String, port: UInt16)
    case badHost(host: String, reason: String)
    case cannotListen(host: String, port: UInt16, reason: String)
    case cannotWatch(path: String, reason: String)

    public var description: String {
        switch self {
        case .portInUse(let host, let port):
            "port \(port) is already in use on \(host); choose another port (port 0 picks a free one)"
        case .badHost(let host, let reason):
            "cannot listen on host '\(host)': \(reason); use an address of this machine, e.g. 127.0.0.1"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        case .cannotWatch(let path, let reason):
            "cannot watch '\(path)' for changes: \(reason)"
        }
    }
}
