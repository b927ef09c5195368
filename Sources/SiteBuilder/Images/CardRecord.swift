/// One social card a build made, for the `--json` report (``SocialCards``).
public struct CardRecord: Sendable, Hashable, Codable {
    /// The page the card is for (`trips/lisbon.html`).
    public var page: String
    /// The card's site path (`cards/trips/lisbon.png`).
    public var file: String
    public var bytes: Int
    /// Read back from the rendition cache rather than drawn.
    public var fromCache: Bool
    /// Time to draw it, or to read it back, in milliseconds (to a tenth).
    public var milliseconds: Double
}
