/// An Obsidian wikilink or embed (`[[Note#Heading|shown]]`, `![[photo.png|300]]`) as written, not
/// yet resolved: the site builder resolves every reference the same way (see DESIGN.md).
public struct WikiLink: Sendable, Hashable, Codable {
    /// The note or file as written (`folder/Note`, `photo.png`); empty for `[[#Heading]]` (this note).
    public var target: String
    /// After `#`: a heading's text, or `^id` for a block.
    public var fragment: String?
    /// After `|`: the text shown (for an image embed, its alt text).
    public var alias: String?
    /// An embed's `|300` or `|300x200`.
    public var size: ImageSize?
    /// `![[...]]` rather than `[[...]]`.
    public var isEmbed: Bool
    /// Where the `[[` (or the embed's `!`) is in the source.
    public var location: SourceLocation?

    public init(
        target: String, fragment: String? = nil, alias: String? = nil, size: ImageSize? = nil,
        isEmbed: Bool = false, location: SourceLocation? = nil
    ) {
        self.target = target
        self.fragment = fragment
        self.alias = alias
        self.size = size
        self.isEmbed = isEmbed
        self.location = location
    }

    /// The text Obsidian shows for it: the alias, else `Note > Heading`, else the target.
    public var displayText: String {
        if let alias, !alias.isEmpty { return alias }
        guard let fragment, !fragment.isEmpty else { return target }
        return target.isEmpty ? fragment : "\(target) > \(fragment)"
    }

    /// File extensions an embed shows as an image (lower case).
    public static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "webp", "avif", "heic", "tif", "tiff", "svg",
    ]

    /// Whether the target names an image by its extension.
    public var isImage: Bool {
        guard let dot = target.lastIndex(of: "."), !target[dot...].contains("/") else { return false }
        return WikiLink.imageExtensions.contains(target[target.index(after: dot)...].lowercased())
    }
}
