import Testing

/// Obsidian's math delimiters: `$tex$` on one line with no space just inside either dollar,
/// `$$tex$$` across lines (not a blank one), `\$` a plain dollar, nothing inside code. As in
/// pandoc, a closing `$` right before a digit does not close (`$5 and $10` is money).
struct MathDelimiterTests {
    static let inline = #"<span class="math inline">"#
    static let display = #"<span class="math display">"#

    @Test(arguments: [
        // The basic forms.
        ("$x$", "<p>\(inline)\\(x\\)</span></p>"),
        ("a$x$b", "<p>a\(inline)\\(x\\)</span>b</p>"),
        ("$x$-th", "<p>\(inline)\\(x\\)</span>-th</p>"),
        ("$a<b & c$", "<p>\(inline)\\(a&lt;b &amp; c\\)</span></p>"),
        // No space just inside the dollars.
        ("$ x$", "<p>$ x$</p>"),
        ("$x $", "<p>$x $</p>"),
        ("$ x $", "<p>$ x $</p>"),
        ("I paid $20 today and $ tomorrow", "<p>I paid $20 today and $ tomorrow</p>"),
        // A digit right after the closer: money, not math.
        ("$5 and $10", "<p>$5 and $10</p>"),
        ("$x$5", "<p>$x$5</p>"),
        // Escapes: `\$` outside is a dollar; inside, the TeX keeps its backslashes.
        (#"\$x$"#, "<p>$x$</p>"),
        (#"\$x\$"#, "<p>$x$</p>"),
        (#"$a \$ b$"#, #"<p>\#(inline)\(a \$ b\)</span></p>"#),
        (#"$\{a\} \\ b$"#, #"<p>\#(inline)\(\{a\} \\ b\)</span></p>"#),
        (#"$a\_b^*c*$"#, #"<p>\#(inline)\(a\_b^*c*\)</span></p>"#),
        // Inline math stays on one line.
        ("$a\nb$", "<p>$a\nb$</p>"),
        // Not in code.
        ("`$x$`", "<p><code>$x$</code></p>"),
        ("```\n$x$\n```", "<pre><code>$x$\n</code></pre>"),
        ("    $x$", "<pre><code>$x$\n</code></pre>"),
        ("``a $x$ b``", "<p><code>a $x$ b</code></p>"),
        // Display math: inside text, or a paragraph of its own (a block), lines allowed.
        ("a $$x$$ b", "<p>a \(display)\\[x\\]</span> b</p>"),
        ("$$ x + y $$", #"<div class="math display">\[x + y\]</div>"#),
        ("$$\na\nb\n$$", #"<div class="math display">\[a&#10;b\]</div>"#),
        ("$$\na\n\nb\n$$", "<p>$$\na</p>\n<p>b\n$$</p>"),
        ("$$$$", "<p>$$$$</p>"),
        ("$$ $$", "<p>$$ $$</p>"),
        // Math inside other inline content.
        ("*$x$*", "<p><em>\(inline)\\(x\\)</span></em></p>"),
        ("# Title $x^2$", "<h1 id=\"title-x2\">Title \(inline)\\(x^2\\)</span></h1>"),
        ("- $x$\n- y", "<ul>\n<li>\(inline)\\(x\\)</span></li>\n<li>y</li>\n</ul>"),
    ])
    func delimiters(markdown: String, html: String) {
        let written = Obsidian.html(markdown).trimmingCharacters(in: .newlines)
        // A display block's lines are joined by real newlines; the table above writes them as &#10;.
        #expect(written == html.replacingOccurrences(of: "&#10;", with: "\n"))
    }

    @Test func mathIsKeptVerbatimInTheModel() {
        let document = Obsidian.read(#"$\frac{a}{b}_*x*$"#)
        let text = document.blocks.first?.content
        #expect(text?.string == #"\frac{a}{b}_*x*"#)
        #expect(text?.spans.map(\.kind) == [.math(display: false)])
    }
}
