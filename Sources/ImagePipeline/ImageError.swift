/// Why an image could not be used; prints as one line naming the file and the problem.
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot use image '\(path)': \(reason)" }
}
