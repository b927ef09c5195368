/// A size asked for in the source (Obsidian's `![[photo.png|300]]`, `![alt|300x200](photo.png)`),
/// in CSS pixels. CommonMark has no such syntax, so cmark's images carry none.
public struct ImageSize: Sendable, Hashable, Codable {
    public var width: Int?
    public var height: Int?

    public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }
}
