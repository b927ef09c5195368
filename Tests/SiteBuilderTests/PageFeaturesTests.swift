import MarkdownReader
import Testing

@testable import SiteBuilder

/// A page loads the code, math and diagram scripts only when the writer's markup asks for them.
@Suite struct PageFeaturesTests {
    @Test func findsEachFeatureFromTheWritersMarkup() {
        let body = """
            <p>x</p><pre class="highlight"><code>a</code></pre>
            <p><span class="math inline">x</span></p><pre class="mermaid">graph</pre>
            """
        let all = PageFeatures(body: body, katex: true, mermaid: true)
        #expect(all.code && all.math && all.diagrams)
        #expect(PageFeatures(body: "<pre><code>x</code></pre>", katex: true, mermaid: true).code)
        #expect(PageFeatures(body: "<div class=\"math display\">x</div>", katex: true, mermaid: true).math)
    }

    @Test func scriptsTheSiteDoesNotPublishAreNotLoaded() {
        let body = "<div class=\"math display\">x</div><pre class=\"mermaid\">g</pre>"
        let none = PageFeatures(body: body, katex: false, mermaid: false)
        #expect(!none.math && !none.diagrams && !none.code)
    }

    @Test func escapedTextAndTagsAtTheEndDoNotCount() {
        let escaped = "<p>&lt;pre&gt;&lt;code&gt; and &lt;span class=\"math x\"&gt;</p><pre class=\"merm"
        let features = PageFeatures(body: escaped, katex: true, mermaid: true)
        #expect(!features.code && !features.math && !features.diagrams)
        #expect(PageFeatures(body: "", katex: true, mermaid: true) == PageFeatures())
        // A tag late in a long page is still found.
        let late = String(repeating: "<p>words</p>", count: 10_000) + "<pre><code>x"
        #expect(PageFeatures(body: late, katex: true, mermaid: true).code)
    }
}

struct DiagramFenceTests {
    /// A diagram is a fence whose first blank-separated word is exactly `mermaid`.
    @Test(arguments: [
        ("mermaid", true), ("  mermaid", true), ("\tmermaid title", true), ("mermaid{x}", false),
        ("mermaidx", false), ("Mermaid", false), ("", false), ("js mermaid", false),
    ])
    func findsMermaidFences(info: String, expected: Bool) {
        let text = "```\(info)\ngraph TD\n```\n"
        let document = MarkdownReader.read(text, file: "n.md", options: ReaderOptions(syntax: .notes))
        #expect(SiteScripts.hasDiagram(document) == expected)
    }
}
