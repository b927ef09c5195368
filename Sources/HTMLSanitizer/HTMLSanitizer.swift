/// Keeps the harmless part of a note's authored HTML and splices the note's own rendered Markdown
/// back in. The pieces are parsed together as one HTML5 fragment (gumbo), so an element opened in
/// one piece and closed in a later one stays whole, and whatever is left open is closed at the end:
/// authored markup can never reach the page around the note.
///
/// What a caller should know:
/// - Trusted pieces are written as given: each must be balanced HTML on its own. Each comes back
///   exactly once and in order; one the parser moved (text fostered out of a table) or lost
///   (inside a doctype or an end tag) is put right after the trusted piece before it, one inside
///   a removed element or an attribute where that element or tag was.
/// - Authored text is re-serialized from the tree: entities come out decoded (`&nbsp;` as U+00A0),
///   attributes double-quoted, U+0000 and forged placeholders (private-use code points from
///   U+100000, U+F0000 in notes with over 65,534 trusted pieces) as U+FFFD.
/// - `removed` strings come from the author's markup (tag and attribute names): escape them when
///   writing them into HTML.
public struct HTMLSanitizer: Sendable {
    /// What a site allows beyond the fixed allowlist.
    public struct Policy: Sendable, Hashable {
        /// Hosts whose `https` iframes are kept (embedded players).
        public var embedHosts: [String]

        public static let defaultEmbedHosts = [
            "www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com",
            "player.vimeo.com",
        ]

        public init(embedHosts: [String] = Policy.defaultEmbedHosts) {
            self.embedHosts = embedHosts
        }
    }

    /// The note body in order: authored HTML to sanitize, or HTML the site made (kept as it is).
    public enum Piece: Sendable, Hashable {
        case authored(String)
        case trusted(String)
    }

    /// The URL attribute handed to the `urls` callback. For `srcset` the callback sees each
    /// candidate's URL on its own.
    public enum URLAttribute: Sendable, Hashable {
        case href, src, srcset, poster, cite
    }

    /// What the `urls` callback wants done with a URL. A replacement is written as given (escaped),
    /// without being checked again.
    public enum URLDecision: Sendable, Hashable {
        case keep
        case replace(String)
        case remove
    }

    public struct Result: Sendable, Hashable {
        /// The sanitized fragment with the trusted pieces in it, balanced.
        public var html: String
        /// What was taken out, each once, in order of first appearance: `<script>`, `onclick`,
        /// `<iframe> from evil.example`, `javascript: URL`, `style: position`. Comments are dropped
        /// without a mention.
        public var removed: [String]

        public init(html: String, removed: [String]) {
            self.html = html
            self.removed = removed
        }
    }

    /// ``Result`` as UTF-8, for HTML that goes on as bytes.
    public struct UTF8Result: Sendable, Hashable {
        /// The sanitized fragment with the trusted HTML in it, balanced.
        public var html: [UInt8]
        /// As ``Result/removed``.
        public var removed: [String]

        public init(html: [UInt8], removed: [String]) {
            self.html = html
            self.removed = removed
        }
    }

    public var policy: Policy

    public init(policy: Policy = Policy()) {
        self.policy = policy
    }

    /// Estimated element depth beyond which a start tag is written as text: gumbo's work grows
    /// with depth times input (100,000 nested `<div>`s took 45 s to parse), and browsers stop
    /// nesting at a few hundred levels anyway.
    static let maximumDepth = 1024

    /// Sanitizes the pieces as one fragment.
    /// - reservedIDs: ids the page already uses; an authored `id` equal to one of them, or to an
    ///   earlier authored id, gets a suffix (`intro-1`).
    /// - urls: called for each URL the allowlist keeps on an authored element (element name,
    ///   attribute, the URL as the browser would see it: entities decoded, outer spaces and inner
    ///   tabs and newlines removed).
    public func sanitize(
        _ pieces: [Piece], reservedIDs: Set<String> = [],
        urls: (_ element: String, _ attribute: URLAttribute, _ value: String) -> URLDecision = { _, _, _ in
            .keep
        }
    ) -> Result {
        sanitize(pieces, reservedIDs: reservedIDs, maximumDepth: Self.maximumDepth, urls: urls)
    }

    func sanitize(
        _ pieces: [Piece], reservedIDs: Set<String>, maximumDepth: Int,
        urls: (String, URLAttribute, String) -> URLDecision
    ) -> Result {
        let (html, authored) = FragmentInput.joined(pieces)
        let result = sanitize(
            html, authored: authored, reservedIDs: reservedIDs, maximumDepth: maximumDepth, urls: urls)
        return Result(html: String(decoding: result.html, as: UTF8.self), removed: result.removed)
    }

    /// ``sanitize(_:reservedIDs:urls:)`` on one UTF-8 text whose `authored` ranges (in order, not
    /// overlapping) are the author's and the rest trusted: a page's HTML is sanitized without
    /// being cut into strings, and comes back as bytes.
    public func sanitize(
        _ html: [UInt8], authored: [Range<Int>], reservedIDs: Set<String> = [],
        urls: (_ element: String, _ attribute: URLAttribute, _ value: String) -> URLDecision = { _, _, _ in
            .keep
        }
    ) -> UTF8Result {
        sanitize(
            html, authored: authored, reservedIDs: reservedIDs, maximumDepth: Self.maximumDepth, urls: urls)
    }

    func sanitize(
        _ html: [UInt8], authored: [Range<Int>], reservedIDs: Set<String>, maximumDepth: Int,
        urls: (String, URLAttribute, String) -> URLDecision
    ) -> UTF8Result {
        let input = FragmentInput(html, authored: authored, maximumDepth: maximumDepth)
        return withoutActuallyEscaping(urls) { urls in
            var walk = FragmentWalk(
                input: input, embedHosts: Set(policy.embedHosts.map { $0.lowercased() }),
                reservedIDs: reservedIDs, urls: urls)
            return walk.run()
        }
    }

    /// Whether authored text can hold markup or character references at all: without `<` or `&`
    /// it is plain text, and `HTMLText` escaping is all it needs.
    public static func needsSanitizing(_ authored: String) -> Bool {
        authored.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
    }
}
