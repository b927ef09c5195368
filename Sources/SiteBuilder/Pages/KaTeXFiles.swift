import Foundation

/// KaTeX from Debian's `libjs-katex` and `fonts-katex`, as published under `assets/katex/`: the
/// script, the mhchem extension, and the stylesheet with every font embedded as a base64 woff2
/// `@font-face`, so pages work from `file://` (where browsers refuse fonts from files).
struct KaTeXFiles: Sendable {
    /// Site paths and contents.
    let files: [String: Data]

    static let scripts = URL(fileURLWithPath: "/usr/share/javascript/katex")
    static let fonts = URL(fileURLWithPath: "/usr/share/fonts/truetype/katex")

    /// Read once per process (the fonts make the stylesheet about 400 KB): nil when not installed.
    static let installed: KaTeXFiles? = load(scripts: scripts, fonts: fonts)

    static func load(scripts: URL, fonts: URL) -> KaTeXFiles? {
        guard let script = try? Data(contentsOf: scripts.appendingPathComponent("katex.min.js")),
            let css = try? String(
                contentsOf: scripts.appendingPathComponent("katex.min.css"), encoding: .utf8),
            let mhchem = try? Data(contentsOf: scripts.appendingPathComponent("contrib/mhchem.js"))
        else { return nil }
        guard let embedded = embeddingFonts(in: css, from: fonts) else { return nil }
        return KaTeXFiles(files: [
            "assets/katex/katex.min.js": script, "assets/katex/mhchem.js": mhchem,
            "assets/katex/katex.css": Data(embedded.utf8),
        ])
    }

    /// Each `src:` of an `@font-face` becomes the woff2 font as a `data:` URI (the woff and ttf
    /// fallbacks go: every browser that runs KaTeX reads woff2). nil when a font is missing. On
    /// bytes (the stylesheet is ASCII): by characters, its searches were most of a math build's start.
    static func embeddingFonts(in css: String, from fonts: URL) -> String? {
        let bytes = Array(css.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 400_000)
        var rest = 0
        while let source = find("src:", in: bytes, from: rest, to: bytes.count) {
            output += bytes[rest..<source + 4]
            rest = source + 4
            guard
                let end = bytes[rest...].firstIndex(where: {
                    $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "}")
                }),
                let open = find("url(", in: bytes, from: rest, to: end),
                let close = bytes[(open + 4)..<end].firstIndex(of: UInt8(ascii: ")"))
            else { return nil }
            let path = bytes[(open + 4)..<close]
            let name = String(decoding: path.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
            guard name.hasSuffix(".woff2"),
                let font = try? Data(contentsOf: fonts.appendingPathComponent(name))
            else { return nil }
            output += "url(data:font/woff2;base64,".utf8
            output += font.base64EncodedData()
            output += ") format('woff2')".utf8
            rest = end
        }
        output += bytes[rest...]
        return String(decoding: output, as: UTF8.self)
    }

    /// Where `needle` first starts in `bytes[from..<to]`.
    private static func find(_ needle: StaticString, in bytes: [UInt8], from: Int, to: Int) -> Int? {
        needle.withUTF8Buffer { find(Array($0), in: bytes, from: from, to: to) }
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        var index = from
        while index + pattern.count <= to {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }
}
