import NoteHTML

/// What a page's body needs loaded, read from the HTML the writer made (embedded notes included):
/// the copy button for code, KaTeX for math, the Mermaid script for diagrams, the player script
/// for web videos.
struct PageFeatures: Sendable, Hashable {
    var code = false
    var math = false
    var diagrams = false
    var video = false
    /// A board, the page's own or embedded: the pan and zoom script.
    var canvas = false
    /// A base, the page's own, a block or embedded: the table sorter and the bases' styles.
    var bases = false
    /// A protected note's page: the theme marks the part that is sealed and loads the unlocking script.
    var protected = false

    init() {}

    /// The features the writer found in a body (``HTMLWriter/renderWithFeatures(_:)``). `katex`
    /// and `mermaid` say whether the site publishes those scripts; without them the page loads
    /// nothing for math or diagrams and their source stays readable.
    init(found: HTMLFeatures, katex: Bool, mermaid: Bool) {
        code = found.code
        math = katex && found.math
        diagrams = mermaid && found.diagrams
        video = found.video
    }
}
