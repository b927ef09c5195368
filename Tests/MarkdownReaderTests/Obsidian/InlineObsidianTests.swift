import MarkdownReader
import NoteHTML
import NoteModel
import Testing

struct InlineObsidianTests {
    @Test(arguments: [
        // Highlights
        ("==marked==", "<p><mark>marked</mark></p>"),
        ("a ==b *c* d== e", "<p>a <mark>b <em>c</em> d</mark> e</p>"),
        ("x == y and y == z", "<p>x == y and y == z</p>"),
        ("==open only", "<p>==open only</p>"),
        ("*a ==b* c==", "<p><em>a <mark>b</mark></em> c==</p>"),
        ("`==a==`", "<p><code>==a==</code></p>"),
        // Comments
        ("a %%hidden%% b", "<p>a  b</p>"),
        ("a\n\n%%\nblock *comment*\n\n# not a heading\n%%\n\nb", "<p>a</p>\n<p>b</p>"),
        ("a %%x\ny%% b", "<p>a  b</p>"),
        ("100%% sure", "<p>100%% sure</p>"),
        ("x\n\n%%\n```\ncode %% in a fence\n```\n%%\nafter", "<p>x</p>\n<p>after</p>"),
        ("`%%code%%`", "<p><code>%%code%%</code></p>"),
        // Tags
        (
            "#tag and #nested/tag-2 and #my_tag",
            #"<p><span class="tag">#tag</span> and <span class="tag">#nested/tag-2</span> and <span class="tag">#my_tag</span></p>"#
        ),
        ("# Heading #tag", #"<h1 id="heading-tag">Heading <span class="tag">#tag</span></h1>"#),
        (
            "a#b <http://x.com/#frag> x.com/#y #123 &#35;x",
            #"<p>a#b <a href="http://x.com/#frag">http://x.com/#frag</a> x.com/#y #123 #x</p>"#
        ),
        ("`#code` [#x](y)", #"<p><code>#code</code> <a href="y">#x</a></p>"#),
        ("#über", #"<p><span class="tag">#über</span></p>"#),
        // Math
        (
            "$a*b*c$ and $x_1$",
            #"<p><span class="math inline">\(a*b*c\)</span> and <span class="math inline">\(x_1\)</span></p>"#
        ),
        (#"$\{a\}$"#, #"<p><span class="math inline">\(\{a\}\)</span></p>"#),
        ("$5 and $10", "<p>$5 and $10</p>"),
        ("$a$5", "<p>$a$5</p>"),
        ("$$\nx^2 <y>\n$$", #"<div class="math display">\[x^2 &lt;y&gt;\]</div>"#),
        ("a $$b$$ c", #"<p>a <span class="math display">\[b\]</span> c</p>"#),
        (#"\$a$"#, "<p>$a$</p>"),
        ("`$a$`", "<p><code>$a$</code></p>"),
        // Block ids
        ("Text ^abc-1", #"<p id="^abc-1">Text</p>"#),
        ("Text\n^abc", #"<p id="^abc">Text</p>"#),
        ("- one ^i1\n- two", "<ul>\n<li id=\"^i1\">one</li>\n<li>two</li>\n</ul>"),
        ("> quote\n\n^q", "<blockquote id=\"^q\">\n<p>quote</p>\n</blockquote>"),
        ("x^2", "<p>x^2</p>"),
        ("*a ^b*", "<p><em>a ^b</em></p>"),
        // Source U+E000 is plain text, not a placeholder.
        (
            "\u{E000}0\u{E001} [[a]]",
            "<p>\u{E000}0\u{E001} <a href=\"a.html\" class=\"internal-link\">a</a></p>"
        ),
    ])
    func inline(markdown: String, html: String) {
        #expect(Obsidian.html(markdown) == html + "\n")
    }

    @Test func tagHookAndModel() {
        let html = Obsidian.html("#a/b") { $0.tagHook = { "tags/\($0).html" } }
        #expect(html == #"<p><a href="tags/a/b.html" class="tag">#a/b</a></p>"# + "\n")
        #expect(Obsidian.read("#x #y #x").inlineTags == ["x", "y"])
    }

    @Test func mathKeepsEscapesInCodeAndHTML() {
        #expect(
            Obsidian.html("<span>$a$ [[b]]</span>", ) == "<p><!-- raw HTML omitted -->"
                + #"<span class="math inline">\(a\)</span> <a href="b.html" class="internal-link">b</a>"#
                + "<!-- raw HTML omitted --></p>\n")
        let document = Obsidian.read("<div title=\"#x $y$ [[z]]\">\n")
        #expect(HTMLWriter(unsafe: true).render(document) == "<div title=\"#x $y$ [[z]]\">\n")
        #expect(
            HTMLWriter(unsafe: true).render(Obsidian.read("[a](<x #y $z$>)"))
                == "<p><a href=\"x%20#y%20$z$\">a</a></p>\n")
    }
}

struct FencedCodeTests {
    @Test func constructsNeverReachIntoFencedCode() {
        let markdown = "a %%\n\n```\n%% $$ ==x #t\n```\n\n> ~~~\n> $$ [[x]]\n> ~~~\n\nb $$ c\n"
        #expect(
            Obsidian.html(markdown)
                == "<p>a %%</p>\n<pre><code>%% $$ ==x #t\n</code></pre>\n<blockquote>\n<pre><code>$$ [[x]]\n</code></pre>\n</blockquote>\n<p>b $$ c</p>\n"
        )
    }
}
