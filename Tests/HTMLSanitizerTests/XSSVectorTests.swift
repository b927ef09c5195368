import HTMLSanitizer
import Testing

/// Attack strings in the manner of OWASP's XSS Filter Evasion Cheat Sheet, plus some of our own.
/// After sanitizing, the output parsed again holds nothing that could run (`HTMLSanitizer.audit`),
/// and no `<script>`/`on*`/`javascript:` survives as markup.
@Suite struct XSSVectorTests {
    static let vectors: [String] = [
        "<SCRIPT SRC=https://xss.example/x.js></SCRIPT>",
        "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"`/+/onmouseover=1/+/[*/[]/+alert(42);//'>",
        "<a onmouseover=\"alert(document.cookie)\">xxs link</a>",
        "<a onmouseover=alert(document.cookie)>xxs link</a>",
        "<IMG \"\"\"><SCRIPT>alert(\"XSS\")</SCRIPT>\"\\>",
        "<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>",
        "<IMG SRC=# onmouseover=\"alert('xxs')\">",
        "<IMG SRC= onmouseover=\"alert('xxs')\">",
        "<IMG SRC=/ onerror=\"alert(String.fromCharCode(88,83,83))\"></img>",
        "<img src=x onerror=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105\">",
        "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;1&#41;>",
        "<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058a>",
        "<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x29>",
        "<IMG SRC=\"jav\tascript:alert('XSS');\">",
        "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
        "<IMG SRC=\"jav&#x0A;ascript:alert('XSS');\">",
        "<IMG SRC=\"jav&#x0D;ascript:alert('XSS');\">",
        "<IMG SRC=java\0script:alert(\"XSS\")>",
        "<IMG SRC=\" &#14;  javascript:alert('XSS');\">",
        "<a href=\"\u{1}javascript:alert(1)\">x</a>",
        // Found by the fuzzer: a scheme split by a space and a control character.
        "<a href=\"javascrip \u{1}t:alert(&#x1)\" onclick=x>x</a>",
        "<a href=\"java script:alert(1)\">x</a>",
        "<SCRIPT/XSS SRC=\"http://xss.example/xss.js\"></SCRIPT>",
        "<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>",
        "<SCRIPT/SRC=\"http://xss.example/xss.js\"></SCRIPT>",
        "<<SCRIPT>alert(\"XSS\");//\\<</SCRIPT>",
        "<SCRIPT SRC=http://xss.example/xss.js?< B >",
        "<SCRIPT SRC=//xss.example/.j>",
        "<IMG SRC=\"`<javascript:alert>`('XSS')\"",
        "<iframe src=http://xss.example/scriptlet.html <",
        "</script><script>alert('XSS');</script>",
        "</TITLE><SCRIPT>alert(\"XSS\");</SCRIPT>",
        "<INPUT TYPE=\"IMAGE\" SRC=\"javascript:alert('XSS');\">",
        "<BODY BACKGROUND=\"javascript:alert('XSS')\">",
        "<IMG DYNSRC=\"javascript:alert('XSS')\">",
        "<IMG LOWSRC=\"javascript:alert('XSS')\">",
        "<STYLE>li {list-style-image: url(\"javascript:alert('XSS')\");}</STYLE><UL><LI>XSS</br>",
        "<IMG SRC='vbscript:msgbox(\"XSS\")'>",
        "<IMG SRC=\"livescript:[code]\">",
        "<svg/onload=alert('XSS')>",
        "<BODY ONLOAD=alert('XSS')>",
        "<BGSOUND SRC=\"javascript:alert('XSS');\">",
        "<BR SIZE=\"&{alert('XSS')}\">",
        "<LINK REL=\"stylesheet\" HREF=\"javascript:alert('XSS');\">",
        "<STYLE>@import'http://xss.example/xss.css';</STYLE>",
        "<META HTTP-EQUIV=\"Link\" Content=\"<http://xss.example/xss.css>; REL=stylesheet\">",
        "<STYLE>BODY{-moz-binding:url(\"http://xss.example/xssmoz.xml#xss\")}</STYLE>",
        "<IMG STYLE=\"xss:expr/*XSS*/ession(alert('XSS'))\">",
        "<div style=\"width: expression(alert('XSS'));\">x</div>",
        "<div style=\"background-image: url(javascript:alert('XSS'))\">x</div>",
        "<div style=\"background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061')\">x</div>",
        "<div style=\"color: red; behavior: url(x.htc)\">x</div>",
        "<STYLE TYPE=\"text/javascript\">alert('XSS');</STYLE>",
        "<STYLE>.XSS{background-image:url(\"javascript:alert('XSS')\");}</STYLE><A CLASS=XSS></A>",
        "<XSS STYLE=\"behavior: url(xss.htc);\">",
        "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0;url=javascript:alert('XSS');\">",
        "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K\">",
        "<IFRAME SRC=\"javascript:alert('XSS');\"></IFRAME>",
        "<IFRAME SRC=# onmouseover=\"alert(document.cookie)\"></IFRAME>",
        "<FRAMESET><FRAME SRC=\"javascript:alert('XSS');\"></FRAMESET>",
        "<TABLE BACKGROUND=\"javascript:alert('XSS')\"><TD BACKGROUND=\"javascript:alert('XSS')\">",
        "<DIV STYLE=\"background-image: url(&#1;javascript:alert('XSS'))\">",
        "<BASE HREF=\"javascript:alert('XSS');//\">",
        "<OBJECT TYPE=\"text/x-scriptlet\" DATA=\"http://xss.example/scriptlet.html\"></OBJECT>",
        "<EMBED SRC=\"data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3Zn\">",
        "<XML ID=\"xss\"><I><B><IMG SRC=\"javas<!-- -->cript:alert('XSS')\"></B></I></XML>",
        "<HTML><BODY><?xml:namespace prefix=\"t\" ns=\"urn:schemas-microsoft-com:time\"><t:set attributeName=\"innerHTML\" "
            + "to=\"XSS<SCRIPT DEFER>alert(&quot;XSS&quot;)</SCRIPT>\"></BODY></HTML>",
        "<SCRIPT a=\">\" SRC=\"http://xss.example/xss.js\"></SCRIPT>",
        "<SCRIPT =\">\" SRC=\"http://xss.example/xss.js\"></SCRIPT>",
        "<SCRIPT \"a='>'\" SRC=\"http://xss.example/xss.js\"></SCRIPT>",
        "<SCRIPT>document.write(\"<SCRI\");</SCRIPT>PT SRC=\"httx://xss.example/xss.js\"></SCRIPT>",
        "<A HREF=\"http://66.102.7.147/\">XSS</A>",
        "<A HREF=\"javascript:document.location='http://www.example.org/'\">XSS</A>",
        "<A HREF=\"//www.example.org/\">XSS</A>",
        "<a href=\"jav&#x61;script&colon;alert(1)\">x</a>",
        "<a href=\"&#x6A;avascript:alert(1)\">x</a>",
        "<a href=\"java&Tab;script:alert(1)\">x</a>",
        "<a href=\"java&NewLine;script:alert(1)\">x</a>",
        "<a href=\" javascript:alert(1)\">x</a>",
        "<a href=\"JAVASCRIPT:alert(1)\">x</a>",
        "<a href=\"data:text/html,<script>alert(1)</script>\">x</a>",
        "<img src=\"data:text/html;base64,PHNjcmlwdD4=\">",
        "<video poster=javascript:alert(1)></video>",
        "<video><source src=\"javascript:alert(1)\" onerror=alert(1)></video>",
        "<details open ontoggle=alert(1)>",
        "<blockquote cite=\"javascript:alert(1)\">q</blockquote>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
        "<svg><style><img src=x onerror=alert(1)></style></svg>",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
        "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
        "<template><script>alert(1)</script></template>",
        "<textarea></textarea><img src=x onerror=alert(1)>",
        "<xmp><img src=x onerror=alert(1)></xmp>",
        "<noembed><img src=x onerror=alert(1)></noembed>",
        "<!--><img src=x onerror=alert(1)>-->",
        "<![CDATA[<img src=x onerror=alert(1)>]]>",
        "<a href=\"https://example.org\" style=\"position:fixed;top:0;left:0;width:100%;height:100%\">overlay</a>",
        "<iframe src=\"https://www.youtube.com.evil.example/embed/x\"></iframe>",
        "<iframe srcdoc=\"<script>alert(1)</script>\" src=\"https://www.youtube.com/embed/x\"></iframe>",
        "<img srcset=\"x.png 1x, javascript:alert(1) 2x\">",
        "<span style=\"color:red;/*\"></span><img src=x onerror=alert(1)>",
        "<a href=\"vbscript:msgbox(1)\">v</a>",
        "<div id=\"x\" onfocus=alert(1) tabindex=1 autofocus>x</div>",
    ]

    @Test(arguments: vectors)
    func staysHarmless(_ vector: String) {
        for wrapped in [[HTMLSanitizer.Piece.authored(vector)], pieces("<div>{0}" + vector + "{1}</div>")] {
            let html = HTMLSanitizer().sanitize(wrapped).html
            #expect(HTMLSanitizer.audit(html) == [], "\(html)")
            let lower = html.lowercased()
            #expect(!lower.contains("<script"), "\(html)")
            #expect(!lower.contains("javascript:\""), "\(html)")
            #expect(!lower.contains(" onerror="), "\(html)")
        }
    }

    /// The audit passes everything the sanitizer keeps, gumbo's unknown `<picture>` among it.
    @Test(arguments: KeptMarkupTests.unchanged)
    func auditAcceptsKeptMarkup(_ html: String) {
        #expect(HTMLSanitizer.audit(html) == [])
    }

    /// A srcset is split as a browser splits it: a comma inside a URL does not start a candidate
    /// (found by the fuzzer: `a,data:x` is one relative URL, which the sanitizer rightly keeps).
    @Test func auditReadsSrcsetAsABrowserDoes() {
        #expect(HTMLSanitizer.audit("<source srcset=\"a,data:text/html 1x\">") == [])
        #expect(HTMLSanitizer.audit("<img srcset=\"data:image/png;base64,AA== 1x, b.png 2x\">") == [])
        let html = HTMLSanitizer().sanitize([
            .authored("<picture><source srcset=\"a,data:text/html 1x\"></picture>")
        ]).html
        #expect(HTMLSanitizer.audit(html) == [])
    }

    /// The audit itself must see what it looks for.
    @Test(arguments: [
        "<script>x</script>", "<img src=x onerror=y>", "<a href=\" java\tscript:x\">",
        "<iframe src=\"https://evil.example\">",
        "<style>p{}</style>", "<div style=\"background: url(x)\">", "<my-element>",
        "<a href=\"data:text/html,x\">",
        "<img src=\"data:image/svg+xml,x\">", "<form>", "<svg></svg>",
        "<img srcset=\"x.png 1x, data:text/html,x 2x\">", "<img srcset=\"x.png 1x,javascript:x 2x\">",
        "<source srcset=\"data:image/png;base64,x\">",
    ])
    func auditFindsUnsafeMarkup(_ html: String) {
        #expect(HTMLSanitizer.audit(html) != [])
    }
}
