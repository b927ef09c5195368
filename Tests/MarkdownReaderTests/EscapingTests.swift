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
