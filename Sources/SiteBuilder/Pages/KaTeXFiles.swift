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
    /// fallbacks go: every browser that runs KaTeX reads woff2). nil when a font is missing.
    static func embeddingFonts(in css: String, from fonts: URL) -> String? {
        var output = ""
        var rest = css[...]
        while let start = rest.range(of: "src:") {
            output += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { $0 == ";" || $0 == "}" }) else { return nil }
            let sources = rest[..<end]
            guard let open = sources.range(of: "url("),
                let close = sources[open.upperBound...].firstIndex(of: ")")
            else { return nil }
            let name = sources[open.upperBound..<close].split(separator: "/").last.map(String.init) ?? ""
            guard name.hasSuffix(".woff2"),
                let font = try? Data(contentsOf: fonts.appendingPathComponent(name))
            else { return nil }
            output += "url(data:font/woff2;base64,\(font.base64EncodedString())) format('woff2')"
            rest = rest[end...]
        }
        return output + rest
    }
}
