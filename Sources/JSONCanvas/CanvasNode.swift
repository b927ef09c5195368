public import NoteModel

/// One node of a board.
public struct CanvasNode: Sendable, Hashable {
    public var id: String
    public var kind: Kind
    public var frame: CanvasRect
    public var color: CanvasColor?
    /// Where the node's object starts in the file.
    public var location: SourceLocation

    public enum Kind: Sendable, Hashable {
        /// Markdown text, with its places in the file.
        case text(JSONString)
        /// A vault file; `subpath` is `#Heading` or `#^block` when given.
        case file(path: JSONString, subpath: String?)
        /// A web address, shown and never fetched.
        case link(url: String)
        case group(label: String?, background: String?, backgroundStyle: BackgroundStyle?)
    }

    /// How a group's background image fills it.
    public enum BackgroundStyle: String, Sendable, Hashable, CaseIterable {
        case cover, ratio, `repeat`
    }

    public init(
        id: String, kind: Kind, frame: CanvasRect, color: CanvasColor? = nil, location: SourceLocation
    ) {
        self.id = id
        self.kind = kind
        self.frame = frame
        self.color = color
        self.location = location
    }

    public var isGroup: Bool {
        if case .group = kind { true } else { false }
    }
}

/// One edge between two nodes.
public struct CanvasEdge: Sendable, Hashable {
    public var id: String
    public var from: End
    public var to: End
    public var color: CanvasColor?
    public var label: String?
    public var location: SourceLocation

    /// One end: the node, the side it leaves or reaches (nil: the side facing the other node),
    /// and whether an arrowhead is drawn there.
    public struct End: Sendable, Hashable {
        public var node: String
        public var side: Side?
        public var arrow: Bool

        public init(node: String, side: Side? = nil, arrow: Bool) {
            self.node = node
            self.side = side
            self.arrow = arrow
        }
    }

    public enum Side: String, Sendable, Hashable, CaseIterable {
        case top, right, bottom, left
    }

    public init(
        id: String, from: End, to: End, color: CanvasColor? = nil, label: String? = nil,
        location: SourceLocation
    ) {
        self.id = id
        self.from = from
        self.to = to
        self.color = color
        self.label = label
        self.location = location
    }
}
