import HTMLSanitizer
import Testing

/// Allowed markup comes out exactly as it went in.
@Suite struct KeptMarkupTests {
    static let unchanged = [
        "<b>bold</b> <i>it</i> <u>u</u> <s>s</s> <em>e</em> <strong>s</strong> <mark>m</mark>",
        "<small>s</small><kbd>Ctrl</kbd>x<sub>2</sub>y<sup>3</sup><abbr title=\"HyperText\">HTML</abbr>",
        "<cite>c</cite><code>c</code><q cite=\"https://example.org/q\">q</q><dfn>d</dfn><var>v</var><samp>s</samp>",
        "<del datetime=\"2024-01-01\">old</del><ins cite=\"notes.html\">new</ins>",
        "<span class=\"a b\" lang=\"de\" dir=\"rtl\">x</span>",
        "<div align=\"center\"><p>para</p></div>",
        "<details open><summary>More</summary><p>hidden</p></details>",
        "<figure><img src=\"a.png\" alt=\"A\" width=\"10\" height=\"20\"><figcaption>cap</figcaption></figure>",
        "<blockquote cite=\"https://example.org\">quote</blockquote><hr>",
        "<pre>  code\n  more</pre>",
        "<pre>\n\nleading blank line</pre>",
        "<ul><li>a</li></ul><ol start=\"3\" reversed><li>b</li></ol>",
        "<dl><dt>term</dt><dd>def</dd></dl>",
        "<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>",
        "<table><caption>c</caption><colgroup><col span=\"2\"></colgroup><thead><tr><th colspan=\"2\">h</th></tr>"
            + "</thead><tbody><tr><td rowspan=\"1\">a</td><td>b</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot>"
            + "</table>",
        "<picture><source srcset=\"a.webp 1x, a2.webp 2x\" type=\"image/webp\"><img src=\"a.png\" alt=\"\"></picture>",
        "<video src=\"v.mp4\" poster=\"p.jpg\" controls loop muted playsinline><track src=\"s.vtt\" kind=\"subtitles\" "
            + "srclang=\"en\" label=\"English\"></video>",
        "<audio controls><source src=\"a.ogg\" type=\"audio/ogg\"></audio>",
        "<a href=\"https://example.org/?a=1&amp;b=2\" title=\"t\">link</a> <a href=\"mailto:x@example.org\">m</a>",
        "<a href=\"tel:+123\">t</a><a href=\"../notes/other.html#part\">rel</a><a href=\"#top\">top</a>",
        "line<br>break<wbr>here",
        "<span aria-label=\"close\" aria-hidden=\"true\">x</span>",
        "<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"dot\">",
        "<span style=\"color: red; font-weight: bold\">x</span>",
        "<p style=\"text-align: center; background-color: rgb(1, 2, 3)\">x</p>",
        "<time datetime=\"2024-05-01\">May</time><ruby>漢<rt>kan</rt></ruby><bdi>x</bdi>",
        "a &lt; b &amp; c &gt; d",
        "<iframe src=\"https://www.youtube.com/embed/abc\" width=\"560\" height=\"315\" title=\"Video\" sandbox="
            + "\"allow-scripts allow-same-origin allow-presentation allow-popups\" loading=\"lazy\" referrerpolicy="
            + "\"strict-origin-when-cross-origin\" allowfullscreen></iframe>",
    ]

    @Test(arguments: unchanged)
    func survives(_ html: String) {
        let result = sanitize(html)
        #expect(result.html == html)
        #expect(result.removed == [])
    }

    static let normalized: [(String, String)] = [
        ("<B>x</B>", "<b>x</b>"),
        ("<p>unclosed", "<p>unclosed</p>"),
        ("<img src='a.png' alt=x>", "<img src=\"a.png\" alt=\"x\">"),
        ("&nbsp;&copy;&#65;", "\u{A0}©A"),
        (
            "<mark style=\"background: #FFF3A3A6;\">hi</mark>",
            "<mark style=\"background: #FFF3A3A6\">hi</mark>"
        ),
        ("<span title='say \"hi\"'>x</span>", "<span title=\"say &quot;hi&quot;\">x</span>"),
        ("<a href=\" https://example.org/a\tb \">x</a>", "<a href=\"https://example.org/ab\">x</a>"),
        (
            "<span style=\"COLOR:red;;font-style : italic\">x</span>",
            "<span style=\"color: red; font-style: italic\">x</span>"
        ),
        (
            "<iframe src=\"https://player.vimeo.com/video/1\" frameborder=\"0\" allow=\"autoplay\" allowfullscreen>"
                + "</iframe>",
            "<iframe src=\"https://player.vimeo.com/video/1\" sandbox=\"allow-scripts allow-same-origin "
                + "allow-presentation allow-popups\" loading=\"lazy\" referrerpolicy=\"strict-origin-when-cross-origin\" "
                + "allowfullscreen></iframe>"
        ),
        (
            "<a href=\"https://example.org\" target=\"_BLANK\" rel=\"nofollow\">x</a>",
            "<a href=\"https://example.org\" target=\"_blank\" rel=\"noopener noreferrer\">x</a>"
        ),
    ]

    @Test(arguments: normalized)
    func normalizes(_ input: String, _ expected: String) {
        let result = sanitize(input)
        #expect(result.html == expected)
        #expect(result.removed == [])
    }
}
