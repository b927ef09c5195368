import Testing

/// cmark's byte-level escaping of URLs and text, and its safe-mode URL filter, for every ASCII byte.
struct EscapingTests {
    static let bytes: [UInt8] = Array(1...127).filter {
        ![UInt8(ascii: "<"), UInt8(ascii: ">"), 10, 13].contains($0)
    }

    @Test("Link, image and text escaping per byte", arguments: bytes)
    func escapesLikeCmark(_ byte: UInt8) {
        let c = String(decoding: [byte], as: UTF8.self)
        let markdown = "[a\(c)b](<x\(c)y> \"t\(c)\") ![i\(c)](<p\(c)q>)\n\n`\(c)`\n"
        for unsafe in [false, true] {
            #expect(Rendering.html(markdown, unsafe: unsafe) == CmarkReference.html(markdown, unsafe: unsafe))
        }
    }

    @Test(
        "Safe mode drops dangerous URLs as cmark does",
        arguments: [
            "javascript:x", "JaVaScRiPt:x", "vbscript:x", "file:///x", "data:text/html,x", "data:image/png;x",
            "DATA:IMAGE/GIF;x", "data:image/jpeg", "data:image/webp", "data:image/svg+xml", "datax:y",
            "http://é",
            "javascript", " javascript:x",
        ])
    func dangerousURLs(_ url: String) {
        let markdown = "[a](<\(url)>) ![b](<\(url)>)\n"
        for unsafe in [false, true] {
            #expect(Rendering.html(markdown, unsafe: unsafe) == CmarkReference.html(markdown, unsafe: unsafe))
        }
    }
}

/// URLs of random runs of safe and escaped bytes (the writer copies safe runs whole): as cmark.
struct HrefRunTests {
    @Test func randomURLsEscapeAsCmarkDoes() {
        let pieces = ["a", "Zz9", "/", "&", "'", "%", " ", "é", "\"", "[", "`", "#x", "?q=1", "日"]
        var state: UInt64 = 17
        for _ in 0..<150 {
            var url = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 60) + 1 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                url += pieces[Int(state >> 33) % pieces.count]
            }
            let markdown = "[a](<\(url)>) ![b](<\(url)> \"t\")\n"
            #expect(
                Rendering.html(markdown, unsafe: false) == CmarkReference.html(markdown, unsafe: false),
                "\(url)")
        }
    }
}

/// Inputs that test the byte handling between Swift and cmark: line endings, NUL, BOM, tabs.
struct OddInputTests {
    @Test(
        "Odd bytes render as cmark does and keep their images",
        arguments: [
            "a\r\nb  \r\n![c](d)\r\n", "a\rb\r\r> q\r", "a\0b ![x\0](y\0)\n", "\u{FEFF}# bom\n",
            "\tcode\n- a\tb\n",
            "&#0; &#xFFFC; \u{FFFC} ![a](b)\n", "", "\n\n", "*a\n", "`a\r\nb`\n",
        ])
    func oddInput(_ markdown: String) throws {
        for unsafe in [false, true] {
            #expect(Rendering.html(markdown, unsafe: unsafe) == CmarkReference.html(markdown, unsafe: unsafe))
        }
        try ModelChecks.check(markdown)
    }
}
