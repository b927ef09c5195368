/// One problem found while building, printed as `file:line:col: error: message`.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    /// What a person can change to fix the problem, when it is an option of the command rather
    /// than a file: the library names the remedy, the command line adds its flag.
    public enum Remedy: String, Sendable, Hashable, Codable {
        /// Build into another output folder.
        case chooseOutput
        /// Let notesite replace a folder it did not make.
        case allowReplacing
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String
    public var remedy: Remedy?

    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation? = nil, remedy: Remedy? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.remedy = remedy
    }

    public static func error(
        _ message: String, at location: SourceLocation? = nil, remedy: Remedy? = nil
    ) -> Diagnostic {
        Diagnostic(.error, message, at: location, remedy: remedy)
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    public var description: String {
        let prefix = location.map { "\($0): " } ?? "notesite: "
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}
