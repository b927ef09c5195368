/// A note's YAML front matter, typed for the keys notesite knows; every other key is kept in
/// ``extra`` for templates.
public struct FrontMatter: Sendable, Hashable, Codable {
    public var title: String?
    public var date: FrontMatterDate?
    /// Without a leading `#`, in the order written.
    public var tags: [String]
    public var aliases: [String]
    public var description: String?
    public var draft: Bool?
    public var publish: Bool?
    public var permalink: String?
    public var cssclasses: [String]
    /// Where the note goes among its folder's entries in the explorer: lower first, before notes
    /// without one (then by title).
    public var order: Double?
    /// Keys notesite does not know, in the order written.
    public var extra: [FrontMatterEntry]
    /// The wikilinks written in ``extra``'s text values (`related: "[[Other]]"`), in the order
    /// written: they link as a link in the text does.
    public var links: [FrontMatterLink] = []
    /// Where the front matter starts (its opening `---`).
    public var location: SourceLocation?

    public init(
        title: String? = nil, date: FrontMatterDate? = nil, tags: [String] = [], aliases: [String] = [],
        description: String? = nil, draft: Bool? = nil, publish: Bool? = nil, permalink: String? = nil,
        cssclasses: [String] = [], extra: [FrontMatterEntry] = [], location: SourceLocation? = nil,
        order: Double? = nil
    ) {
        self.title = title
        self.date = date
        self.tags = tags
        self.aliases = aliases
        self.description = description
        self.draft = draft
        self.publish = publish
        self.permalink = permalink
        self.cssclasses = cssclasses
        self.extra = extra
        self.location = location
        self.order = order
    }

    /// An unknown key's value.
    public subscript(key: String) -> FrontMatterValue? {
        extra.last { $0.key == key }?.value
    }
}
