/// One problem found while building, printed as `file:line:col: error: message`.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public static func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    public var description: String {
        let prefix = location.map { "\($0): " } ?? "notesite: "
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}
