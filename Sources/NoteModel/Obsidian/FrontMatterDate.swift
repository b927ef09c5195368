import Foundation

/// A front matter `date`: the text as written, and the instant when the text is ISO-like
/// (`2024-05-01`, `2024-05-01 10:30`, `2024-05-01T10:30:00+02:00`; no zone means UTC).
public struct FrontMatterDate: Sendable, Hashable, Codable {
    public var text: String
    public var date: Date?

    public init(text: String, date: Date? = nil) {
        self.text = text
        self.date = date
    }
}
