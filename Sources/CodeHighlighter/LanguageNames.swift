/// The name Pygments is asked for: the fence's word, in lower case (Pygments' aliases ignore
/// case), except the few names of Hugo's highlighter (Chroma) that Pygments 2.14 lacks, mapped
/// to the Pygments lexer of the same syntax. A fixed table, never a guess from the code.
enum LanguageNames {
    static func pygments(_ language: String) -> String {
        // Nearly every fence names its lexer in ASCII without capitals or a hyphen: that is its
        // own lower case and in no table's keys (each has a hyphen); every block of a build asks.
        var word = language
        let plain = word.withUTF8 { bytes in
            !bytes.contains { $0 >= 0x80 || $0 == UInt8(ascii: "-") || (0x41...0x5A).contains($0) }
        }
        if plain { return language }
        let name = language.lowercased()
        return chroma[name] ?? name
    }

    /// Go templates share Django/Jinja's `{{ }}` and `{{- -}}` delimiters and expression shape.
    static let chroma = [
        "go-html-template": "html+django", "go-text-template": "django", "go-template": "django",
    ]
}
