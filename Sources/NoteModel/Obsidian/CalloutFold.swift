/// Whether a callout folds (`> [!note]+` starts open, `> [!note]-` starts closed).
public enum CalloutFold: String, Sendable, Hashable, Codable {
    case open
    case closed
}
