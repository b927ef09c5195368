import CodeHighlighter
import MarkdownReader
import NoteHTML
import Testing

@testable import SiteBuilder

extension PageFeatures {
    /// The features of any body, as the writer would have found them.
    init(body: String, katex: Bool, mermaid: Bool) {
        let found = HTMLFeatures(html: Array(body.utf8))
        self.init(found: found, katex: katex, mermaid: mermaid)
    }
}

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

/// The writer counts a code hook's HTML as code without reading its tags (``HTMLWriter/CodeHook``):
/// what `CodeLayout` writes must be code, and nothing else a page loads a script for.
struct CodeLayoutFeatureTests {
    @Test func codeLayoutIsCodeAndNothingElse() {
        let tokens: [String?] = [
            nil, "<span class=\"k\">fn</span> <span class=\"nf\">math</span>\n",
            "<span class=\"err\">x</span>",
        ]
        let options = [
            CodeOptions(), CodeOptions(lineNumbers: true), CodeOptions(markedLines: [1, 2]),
            CodeOptions(lineNumbers: true, firstLine: 9, markedLines: [1]),
        ]
        for token in tokens {
            for option in options {
                for language in [nil, "rust", "mermaid"] {
                    var html: [UInt8] = []
                    CodeLayout.append(
                        code: "<span class=\"math x\">\n", tokens: token, language: language, options: option,
                        to: &html)
                    let found = HTMLFeatures(html: html)
                    #expect(
                        found.code && !found.math && !found.diagrams,
                        "\(String(decoding: html, as: UTF8.self))")
                }
            }
        }
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
        let document = MarkdownReader.read(text, file: "n.md", options: ReaderOptions(syntax: .obsidian))
        #expect(SiteScripts.hasDiagram(document) == expected)
    }

    /// The byte check of an ASCII info string against the character one it stands in for, on
    /// random info strings of blanks, near-miss words and non-ASCII (which takes the character
    /// path: a combining mark after a blank joins it into one character).
    @Test(arguments: 0..<4)
    func byteCheckMatchesTheCharacterOne(seed: UInt64) {
        var generator = SplitMix(state: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let pieces = [" ", "\t", "mermaid", "mermai", "d", "Mermaid", "x", "{", "\r\n", "\u{301}", "é"]
        var found = 0
        for _ in 0..<2_000 {
            let count = Int(generator.next() % 5)
            let info = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            let expected = info.drop(while: blank).prefix { !blank($0) } == "mermaid"
            #expect(SiteScripts.firstWordIsMermaid(info) == expected, "\(info.debugDescription)")
            if expected { found += 1 }
        }
        #expect(found > 50)
    }
}

/// SplitMix64, so a failing case repeats.
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
