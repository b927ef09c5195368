import NoteHTML
import Testing

/// The writer's code hooks: diagrams and highlighted code in place of cmark's `<pre><code>`.
struct CodeHookTests {
    static let diagram = "```mermaid\ngraph TD; A-->B & <C>\n```\n"

    @Test func mermaidFencesBecomeDiagramsWithTheirSourceEscaped() {
        #expect(
            Notes.html(Self.diagram) { $0.diagrams = true }
                == "<pre class=\"mermaid\">graph TD; A--&gt;B &amp; &lt;C&gt;\n</pre>\n")
        // Off (the default), the writer stays byte-identical to cmark.
        #expect(
            Notes.html(Self.diagram)
                == "<pre><code class=\"language-mermaid\">graph TD; A--&gt;B &amp; &lt;C&gt;\n</code></pre>\n"
        )
        #expect(Notes.html("```mermaidx\nx\n```\n") { $0.diagrams = true }.hasPrefix("<pre><code"))
    }

    @Test func theCodeHookGetsInfoAndCodeAndMayDecline() {
        let markdown = "```py {linenums=true}\nx = 1\n```\n\n```\nplain\n```\n"
        var seen: [String] = []
        let html = Notes.html(markdown) { writer in
            writer.codeHook = { info, code, html in
                seen.append(info + "|" + code)
                guard !info.isEmpty else { return false }
                html += "<pre class=\"highlight\">X</pre>".utf8
                return true
            }
        }
        #expect(seen == ["py {linenums=true}|x = 1\n", "|plain\n"])
        #expect(html == "<pre class=\"highlight\">X</pre>\n<pre><code>plain\n</code></pre>\n")
    }
}
