import Foundation
import NoteHTML
import NoteModel
import Testing

/// The features the writer reports (its own markup, and the tags of hooks' and authors' HTML)
/// are those a reading of all the tags of its HTML finds.
struct HTMLFeaturesTests {
    /// The writer's report and a reading of the whole HTML, for one document and writer setup.
    static func both(_ document: NoteDocument, _ configure: (inout HTMLWriter) -> Void)
        -> (reported: HTMLFeatures, read: HTMLFeatures)
    {
        var writer = HTMLWriter(unsafe: true, tagFilter: true)
        configure(&writer)
        let (html, reported) = writer.renderWithFeatures(document)
        return (reported, HTMLFeatures(html: html))
    }

    /// Every feature from the writer's markup, from raw HTML (also a tag two inline pieces make
    /// together), and from what the embed and image hooks write.
    @Test(arguments: [
        ("```js\nx\n```\n", "code"), ("    indented\n", "code"), ("$x$ inline\n", "math"),
        ("$$\nx\n$$\n", "math"), ("```mermaid\ngraph\n```\n", "diagrams"),
        ("a <span class=\"math x\">b</span>\n", "math"), ("a <pre><code>b\n", "code"),
        ("<div class=\"math display\">x</div>\n", "math"), ("![[Other]]\n", "math"),
        ("![a](b.png)\n", "diagrams"),
        ("plain *text* with &lt;pre&gt;<code>\n", ""),
    ])
    func reportsWhatTheHTMLHolds(markdown: String, feature: String) {
        let document = Obsidian.read(markdown)
        let (reported, read) = Self.both(document) { writer in
            writer.diagrams = true
            writer.embedHook = { _ in "<div class=\"math display\">\\[x\\]</div>" }
            writer.imageHook = { _, _, _ in "<pre class=\"mermaid\">g</pre>" }
        }
        #expect(reported == read, "\(markdown.debugDescription)")
        let expected: [String: Bool] = ["code": read.code, "math": read.math, "diagrams": read.diagrams]
        #expect(feature.isEmpty ? !read.code && !read.math && !read.diagrams : expected[feature] == true)
        // Kept out in safe mode, the raw HTML's tags count for nothing.
        let safe = Self.both(document) { $0.unsafe = false }
        #expect(safe.reported == safe.read, "safe: \(markdown.debugDescription)")
    }

    /// The real documents, safe and unsafe, with a code hook writing as CodeLayout does.
    @Test(
        .enabled(if: Corpus.shouldRun, "../shared/corpora is absent"), arguments: ["hugo-docs", "rust-book"])
    func corpusReportsMatchTheHTML(_ name: String) throws {
        var mismatches: [String] = []
        for file in Corpus.textFiles(name) {
            let document = Obsidian.read(try String(contentsOf: file, encoding: .utf8))
            for unsafe in [false, true] {
                let (reported, read) = Self.both(document) { writer in
                    writer.unsafe = unsafe
                    writer.diagrams = true
                    writer.codeHook = { info, code, html in
                        guard !info.isEmpty else { return false }
                        html += "<pre class=\"highlight\"><code><span class=\"k\">".utf8
                        html += code.utf8.map { $0 == UInt8(ascii: "<") ? UInt8(ascii: "?") : $0 }
                        html += "</span></code></pre>\n".utf8
                        return true
                    }
                }
                if reported != read { mismatches.append("\(file.lastPathComponent) unsafe: \(unsafe)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
