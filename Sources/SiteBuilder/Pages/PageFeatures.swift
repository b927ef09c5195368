/// What a page's body needs loaded, read from the HTML the writer made (embedded notes included):
/// the copy button for code, KaTeX for math, the Mermaid script for diagrams.
struct PageFeatures: Sendable, Hashable {
    var code = false
    var math = false
    var diagrams = false

    init() {}

    /// `katex` and `mermaid` say whether the site publishes those scripts; without them the page
    /// loads nothing for math or diagrams and their source stays readable.
    init(body: String, katex: Bool, mermaid: Bool) {
        code = body.contains("<pre><code") || body.contains("<pre class=\"highlight\">")
        // The writer's own markup: text in a note is escaped, so it cannot fake these.
        math = katex && (body.contains("<span class=\"math ") || body.contains("<div class=\"math "))
        diagrams = mermaid && body.contains("<pre class=\"mermaid\">")
    }
}
