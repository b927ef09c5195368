import YAMLReader

/// The graph's settings: `graph` (the whole vault's graph page), `local_graph` (each note's
/// neighbourhood below it), `graph_depth` (how far the local graph reaches) and `graph_tags`
/// (tags drawn as nodes, linked to their notes).
public struct GraphSettings: Sendable, Hashable {
    /// Whether `graph.html` is made and linked from the header.
    public var page = true
    /// Whether note pages show their local graph.
    public var local = true
    /// Links away from the note the local graph shows: 1 (its links and backlinks) or 2.
    public var depth = 1
    /// Whether tags are nodes, each linked to the notes that carry it.
    public var tags = false

    public init() {}

    /// Whether any graph is drawn, so the layout and its data file are needed.
    var isUsed: Bool { page || local }
}

extension SiteConfiguration {
    /// The graph's rows of the settings table (``keys``).
    static let graphKeys: [String: Setter] = [
        "graph": flag { $0.graph.page = $1 },
        "local_graph": flag { $0.graph.local = $1 },
        "graph_tags": flag { $0.graph.tags = $1 },
        "graph_depth": { configuration, node in
            guard case .int(let value) = node.scalarValue, (1...2).contains(value) else {
                let found =
                    if case .int(let value) = node.scalarValue { "\(value)" } else { node.typeDescription }
                return "must be 1 (links and backlinks) or 2 (their links too), found \(found)"
            }
            configuration.graph.depth = value
            return nil
        },
    ]

    private static func flag(_ set: @escaping @Sendable (inout SiteConfiguration, Bool) -> Void) -> Setter {
        { configuration, node in
            guard case .bool(let value) = node.scalarValue else {
                return "must be true or false, found \(node.typeDescription)"
            }
            set(&configuration, value)
            return nil
        }
    }
}
