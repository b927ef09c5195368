/// How a table column is aligned, from the colons of its delimiter row (`:--`, `:-:`, `--:`).
public enum TableAlignment: String, Sendable, Hashable, Codable {
    case none
    case left
    case center
    case right
}
