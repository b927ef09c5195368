/// One file a base can list, as SiteBuilder knows it: the input of evaluation.
public struct BaseRow: Sendable, Hashable {
    /// The path in the vault, with its extension: `books/Dune.md`.
    public var path: String
    /// Size in bytes.
    public var size: Int
    public var created: BaseDate?
    public var modified: BaseDate?
    /// Tags without `#`, from the body and the front matter (`book`, `status/done`).
    public var tags: [String]
    /// Outgoing links' targets as vault paths (resolved) or as written (unresolved).
    public var links: [String]
    /// Front matter properties in the order written.
    public var properties: [BaseEntry]
    /// The vault paths of the files that link to this one.
    public var backlinks: [String]
    /// What the file embeds (`![[...]]`, images included): vault paths, or as written when unresolved.
    public var embeds: [String]

    public init(
        path: String, size: Int = 0, created: BaseDate? = nil, modified: BaseDate? = nil,
        tags: [String] = [], links: [String] = [], properties: [BaseEntry] = [], backlinks: [String] = [],
        embeds: [String] = []
    ) {
        self.backlinks = backlinks
        self.embeds = embeds
        self.path = path
        self.size = size
        self.created = created
        self.modified = modified
        self.tags = tags
        self.links = links
        self.properties = properties
    }

    /// The file name with its extension: `Dune.md`.
    public var name: String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    /// The file name without its extension: `Dune`.
    public var basename: String {
        let name = self.name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The extension without its dot: `md`.
    public var ext: String {
        let name = self.name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The folder's path, `/` at the vault's root as Obsidian has it.
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        return String(path[..<slash])
    }

    /// The front matter property `key`, or nil.
    public func property(_ key: String) -> BaseValue? {
        properties.first { $0.key == key }?.value
    }
}
