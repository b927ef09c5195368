import HTMLSanitizer
import Testing

/// What goes, what stays of it, and how it is reported.
@Suite struct RemovalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var input: String
        var html: String
        var removed: [String]
        var testDescription: String { input }
    }

    static let cases: [Case] = [
        Case(input: "a<script>alert(1)</script>b", html: "ab", removed: ["<script>"]),
        Case(input: "<style>p{}</style>x", html: "x", removed: ["<style>"]),
        Case(
            input: "<div onclick=\"go()\" onmouseover=x>t</div>", html: "<div>t</div>",
            removed: ["onclick", "onmouseover"]),
        Case(
            input: "<font color=red>f</font><center>c</center>", html: "fc", removed: ["<font>", "<center>"]),
        Case(input: "<my-widget>kept text</my-widget>", html: "kept text", removed: ["<my-widget>"]),
        Case(input: "<a href=\"javascript:alert(1)\">x</a>", html: "<a>x</a>", removed: ["javascript: URL"]),
        Case(
            input: "<a href=\"JaVaScRiPt&colon;alert(1)\">x</a>", html: "<a>x</a>",
            removed: ["javascript: URL"]),
        Case(input: "<img src=\"vbscript:msgbox(1)\">", html: "<img>", removed: ["vbscript: URL"]),
        Case(
            input: "<img src=\"data:image/svg+xml;base64,PHN2Zz4=\">", html: "<img>", removed: ["data: URL"]),
        Case(input: "<a href=\"data:image/png;base64,xx\">x</a>", html: "<a>x</a>", removed: ["data: URL"]),
        Case(input: "<a href=\"file:///etc/passwd\">x</a>", html: "<a>x</a>", removed: ["file: URL"]),
        Case(
            input: "<iframe src=\"https://evil.example/x\"></iframe>after", html: "after",
            removed: ["<iframe> from evil.example"]),
        Case(
            input: "<iframe src=\"https://www.youtube.com@evil.example/\"></iframe>", html: "",
            removed: ["<iframe> from evil.example"]),
        Case(
            input: "<iframe src=\"http://www.youtube.com/embed/x\"></iframe>", html: "",
            removed: ["<iframe> from http:"]),
        Case(input: "<iframe></iframe>", html: "", removed: ["<iframe> from nowhere"]),
        Case(input: "x<!-- comment -->y", html: "xy", removed: []),
        Case(input: "<form><input name=a><button>b</button></form>c", html: "c", removed: ["<form>"]),
        Case(
            input: "<svg><circle r=1 /></svg><math><mi>x</mi></math>", html: "", removed: ["<svg>", "<math>"]),
        Case(input: "<object data=x></object><embed src=x>", html: "", removed: ["<object>", "<embed>"]),
        Case(input: "<template><b>t</b></template>x", html: "x", removed: ["<template>"]),
        Case(input: "<noscript>n</noscript><title>t</title>", html: "", removed: ["<noscript>", "<title>"]),
        Case(
            input: "<textarea>a</textarea><select><option>o</select>", html: "",
            removed: ["<textarea>", "<select>"]),
        Case(
            input: "<meta http-equiv=refresh><link rel=x><base href=x>", html: "",
            removed: ["<meta>", "<link>", "<base>"]),
        Case(
            input: "<span style=\"color: red; position: fixed; background: url(x)\">s</span>",
            html: "<span style=\"color: red\">s</span>", removed: ["style: position", "style: background"]),
        Case(
            input: "<div style=\"margin-top: -500px; border: 1px solid red\">s</div>",
            html: "<div style=\"border: 1px solid red\">s</div>", removed: ["style: margin-top"]),
        Case(
            input: "<span style=\"color: expression(alert(1))\">s</span>", html: "<span>s</span>",
            removed: ["style: color"]),
        Case(
            input: "<span style=\"color: r\\65 d\">s</span>", html: "<span>s</span>",
            removed: ["style: color"]),
        Case(
            input: "<span style=\"color: red/**/\">s</span>", html: "<span>s</span>",
            removed: ["style: color"]),
        Case(
            input: "<a href=\"x.html\" target=\"_top\">x</a>", html: "<a href=\"x.html\">x</a>",
            removed: ["target"]),
        Case(
            input: "<div data-x=\"1\" contenteditable>x</div>", html: "<div>x</div>",
            removed: ["data-x", "contenteditable"]),
        Case(
            input: "<img srcset=\"javascript:x 1x, ok.png 2x\">", html: "<img srcset=\"ok.png 2x\">",
            removed: ["javascript: URL"]),
        Case(input: "<b onclick=a><i onclick=b>x</i></b>", html: "<b><i>x</i></b>", removed: ["onclick"]),
        Case(input: "</article></div>text", html: "text", removed: []),
        Case(input: "<span aria-x\"y=\"1\">x</span>", html: "<span>x</span>", removed: ["aria-x\"y"]),
    ]

    @Test(arguments: cases)
    func removes(_ example: Case) {
        let result = sanitize(example.input)
        #expect(result.html == example.html)
        #expect(result.removed == example.removed)
    }

    @Test func idsCollidingWithThePageOrEachOtherAreRenamed() {
        let result = sanitize(
            "<h2 id=\"intro\">a</h2><p id=\"intro\">b</p><p id=\"x\">c</p><p id=\"x\">d</p><p id=\"intro-1\">e</p>",
            reservedIDs: ["intro"])
        #expect(
            result.html
                == "<h2 id=\"intro-1\">a</h2><p id=\"intro-2\">b</p><p id=\"x\">c</p><p id=\"x-1\">d</p>"
                + "<p id=\"intro-1-1\">e</p>")
    }

    @Test func urlCallbackSeesDecodedURLsAndDecides() {
        var seen: [String] = []
        let result = HTMLSanitizer().sanitize(
            [.authored("<a href=\"Other%20Note.md\">o</a><img src=\" a&amp;b.png \"><a href=\"gone\">g</a>")]
        ) { element, attribute, value in
            seen.append("\(element) \(attribute) \(value)")
            switch value {
            case "Other%20Note.md": return .replace("other-note.html")
            case "gone": return .remove
            default: return .keep
            }
        }
        #expect(seen == ["a href Other%20Note.md", "img src a&b.png", "a href gone"])
        #expect(result.html == "<a href=\"other-note.html\">o</a><img src=\"a&amp;b.png\"><a>g</a>")
    }

    @Test func embedHostsComeFromThePolicy() {
        let sanitizer = HTMLSanitizer(policy: .init(embedHosts: ["embed.example"]))
        let kept = sanitizer.sanitize([.authored("<iframe src=\"https://EMBED.example./v\"></iframe>")])
        #expect(kept.html.hasPrefix("<iframe src=\"https://EMBED.example./v\" sandbox="))
        let youtube = sanitizer.sanitize([
            .authored("<iframe src=\"https://www.youtube.com/embed/x\"></iframe>")
        ])
        #expect(youtube.removed == ["<iframe> from www.youtube.com"])
    }

    @Test func needsSanitizing() {
        #expect(HTMLSanitizer.needsSanitizing("a <b>"))
        #expect(HTMLSanitizer.needsSanitizing("&amp;"))
        #expect(!HTMLSanitizer.needsSanitizing("plain > text \"quoted\""))
    }
}
