/// A wikilink written in a front matter value (`related: "[[Other]]"`), with the key it is under:
/// a property links as Obsidian links it, so it counts in backlinks, the graph and link checks.
public struct FrontMatterLink: Sendable, Hashable, Codable {
    /// The top-level key the value is under.
    public var key: String
    /// The link, with where its `[[` is written in the note.
    public var link: WikiLink

    public init(key: String, link: WikiLink) {
        self.key = key
        self.link = link
    }
}
