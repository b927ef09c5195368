public import NoteModel

/// A YAML syntax error or a construct notesite does not accept, with its place.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public var diagnostic: Diagnostic { .error(message, at: location) }
    public var description: String { diagnostic.description }
}
