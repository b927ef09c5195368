import TestSupport
import Testing

@testable import CodeHighlighter

struct FenceInfoTests {
    @Test(
        arguments: [
            ("python", "python", CodeOptions()),
            ("", nil, CodeOptions()),
            ("   sh  ", "sh", CodeOptions()),
            (
                "py {linenums=true hl_lines=\"2-4\"}", "py",
                CodeOptions(lineNumbers: true, markedLines: [2, 3, 4])
            ),
            ("py{linenums=true}", "py", CodeOptions(lineNumbers: true)),
            (
                "py linenums=\"5\" hl_lines=\"2 3\"", "py",
                CodeOptions(lineNumbers: true, firstLine: 5, markedLines: [2, 3])
            ),
            (
                "go {linenos=table,hl_lines=[8,\"15-17\"],linenostart=199}", "go",
                CodeOptions(lineNumbers: true, firstLine: 199, markedLines: [8, 15, 16, 17])
            ),
            ("rust {linenos=false}", "rust", CodeOptions()),
            ("rust {hl_lines='1,3'}", "rust", CodeOptions(markedLines: [1, 3])),
        ] as [(String, String?, CodeOptions)])
    func readsLanguageAndOptions(info: String, language: String?, options: CodeOptions) {
        let fence = FenceInfo(info)
        #expect(fence.language == language)
        #expect(fence.options == options)
        #expect(fence.unknown.isEmpty)
    }

    @Test func keepsWhatItDoesNotUnderstand() {
        let fence = FenceInfo("py {title=\"a b\" hl_lines=\"x\"}")
        #expect(fence.unknown == ["title=a b", "hl_lines=x"])
        #expect(fence.options == CodeOptions())
    }

    @Test func lineSetsRejectBackwardsAndHugeRanges() {
        #expect(FenceInfo.lineSet("4-2") == nil)
        #expect(FenceInfo.lineSet("1-999999999") == nil)
        #expect(FenceInfo.lineSet("0") == nil)
        #expect(FenceInfo.lineSet("1 3-4") == [1, 3, 4])
    }
}

struct CodeLayoutTests {
    @Test func plainCodeWithoutOptionsIsCmarks() {
        #expect(
            CodeLayout.html(code: "a < b\n", tokens: nil, language: "txt", options: CodeOptions())
                == "<pre><code class=\"language-txt\">a &lt; b\n</code></pre>\n")
    }

    @Test func numbersAndMarksLines() {
        let tokens = "<span class=\"k\">a</span>\nb\nc\n"
        let html = CodeLayout.html(
            code: "a\nb\nc\n", tokens: tokens, language: "py",
            options: CodeOptions(lineNumbers: true, firstLine: 9, markedLines: [2]))
        #expect(
            html
                == "<pre class=\"highlight\"><code class=\"language-py\">"
                + "<span class=\"linenos\"> 9</span><span class=\"k\">a</span>\n"
                + "<span class=\"hll\"><span class=\"linenos\">10</span>b\n</span>"
                + "<span class=\"linenos\">11</span>c\n</code></pre>\n")
    }

    @Test func appendsAfterWhatThePageHolds() {
        let options = CodeOptions(lineNumbers: true, firstLine: 1, markedLines: [1])
        for (tokens, options) in [(nil, CodeOptions()), ("<b>x</b>\n", CodeOptions()), (nil, options)] {
            var page = Array("<p>before</p>\n".utf8)
            CodeLayout.append(code: "x < y\n", tokens: tokens, language: "py", options: options, to: &page)
            let alone = CodeLayout.html(code: "x < y\n", tokens: tokens, language: "py", options: options)
            #expect(String(decoding: page, as: UTF8.self) == "<p>before</p>\n" + alone)
        }
        // Plain code without options is the writer's own: nothing is appended.
        var page = Array("<p>".utf8)
        #expect(!Highlights().append(info: "py", code: "x\n", to: &page))
        #expect(page == Array("<p>".utf8))
        #expect(Highlights().append(info: "py {linenums=true}", code: "x\n", to: &page))
        #expect(
            String(decoding: page, as: UTF8.self).hasPrefix(
                "<p><pre><code class=\"language-py\"><span class=\"linenos\">"))
    }

    @Test func escapesTheLanguage() {
        #expect(
            CodeLayout.html(code: "x", tokens: "x", language: "a\"b", options: CodeOptions())
                .hasPrefix("<pre class=\"highlight\"><code class=\"language-a&quot;b\">"))
    }
}

struct BatchSplitTests {
    @Test func consecutiveRunsOfAboutEqualWeight() {
        #expect(CodeHighlighter.split([1, 1, 1, 1], into: 2) { $0 } == [[1, 1], [1, 1]])
        #expect(CodeHighlighter.split([5, 1, 1, 1, 1, 1], into: 2) { $0 } == [[5], [1, 1, 1, 1, 1]])
        #expect(CodeHighlighter.split([1, 2, 3], into: 5) { $0 }.flatMap { $0 } == [1, 2, 3])
        #expect(CodeHighlighter.split([1, 2, 3], into: 5) { $0 }.allSatisfy { !$0.isEmpty })
        #expect(CodeHighlighter.split([Int](), into: 3) { $0 }.isEmpty)
    }
}

struct FenceInfoShortcutTests {
    /// The one-word shortcut reads every info string as the full reading does: random strings of
    /// blanks, braces, options, accents and a space with a combining mark (one character).
    @Test func readsAsTheFullReading() {
        let pieces = [
            " ", "\t", "{", "}", "py", "rust", "=", "\"1\"", "linenos", "hl_lines=2", "é", " \u{301}", ",",
            "\u{301}", "{\u{301}", "\t\u{308}", "x",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let info = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            let quick = FenceInfo(info)
            let full = FenceInfo(reading: info)
            #expect(quick == full, "\(info.debugDescription)")
            #expect(FenceInfo.language(of: info) == full.language, "language alone: \(info.debugDescription)")
        }
    }
}
