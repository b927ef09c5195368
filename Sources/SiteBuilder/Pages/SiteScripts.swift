import Foundation
import NoteModel

/// The optional scripts a site publishes, only when some note needs them: KaTeX for math (from
/// Debian's packages) and the Mermaid script the `mermaid` setting names, for diagrams.
struct SiteScripts: Sendable {
    /// Whether pages with math load KaTeX (some note has math and KaTeX is installed).
    var katex = false
    /// Whether pages with diagrams load the configured Mermaid script (it was read).
    var mermaid = false
    /// Files to add under `assets/`.
    var files: [String: Data] = [:]
    var diagnostics: [Diagnostic] = []
    /// For `--verbose`: what readers will not get, and why.
    var notices: [String] = []

    /// KaTeX is read (its stylesheet with the fonts inside is about 400 KB) only when some note has math.
    init(
        notes: [ResolvedNote], configuration: SiteConfiguration, vault: URL,
        katexFiles: @autoclosure () -> KaTeXFiles? = KaTeXFiles.installed
    ) {
        if notes.contains(where: \.source.hasMath) {
            let katexFiles = katexFiles()
            katex = katexFiles != nil
            if let katexFiles {
                files.merge(katexFiles.files) { first, _ in first }
            } else {
                notices.append(
                    "math is shown as TeX: KaTeX is not installed (install libjs-katex and fonts-katex)")
            }
        }
        guard let script = configuration.mermaid else { return }
        let place = SourceLocation(file: SiteConfiguration.fileName, line: 1, column: 1)
        guard let data = try? Data(contentsOf: vault.appendingPathComponent(script)) else {
            diagnostics.append(.error("'mermaid' names '\(script)', which cannot be read", at: place))
            return
        }
        mermaid = true
        if notes.contains(where: \.source.hasDiagram) { files["assets/mermaid.min.js"] = data }
    }

    static func hasMath(_ document: NoteDocument) -> Bool {
        document.blocks.contains { block in
            if case .math = block.kind { return true }
            return block.content?.spans.contains { if case .math = $0.kind { true } else { false } } ?? false
        }
    }

    static func hasDiagram(_ document: NoteDocument) -> Bool {
        document.blocks.contains { block in
            guard case .codeBlock(let info, _) = block.kind else { return false }
            return firstWordIsMermaid(info)
        }
    }

    /// Whether the info string's first word is `mermaid`: by bytes when it is ASCII (by characters
    /// it cost 2% of reading a note), else by characters, where a combining mark joins a blank.
    static func firstWordIsMermaid(_ info: String) -> Bool {
        var info = info
        let ascii = info.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
            let word = bytes.drop(while: isBlank).prefix { !isBlank($0) }
            return word.elementsEqual("mermaid".utf8)
        }
        if let ascii { return ascii }
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return info.drop(while: blank).prefix { !blank($0) } == "mermaid"
    }
}
