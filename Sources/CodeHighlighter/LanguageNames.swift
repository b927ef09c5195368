/// The name Pygments is asked for: the fence's word, in lower case (Pygments' aliases ignore
/// case), except the few names of Hugo's highlighter (Chroma) that Pygments 2.14 lacks, mapped
/// to the Pygments lexer of the same syntax. A fixed table, never a guess from the code.
enum LanguageNames {
    static func pygments(_ language: String) -> String {
        let name = language.lowercased()
        return chroma[name] ?? name
    }

    /// Go templates share Django/Jinja's `{{ }}` and `{{- -}}` delimiters and expression shape.
    static let chroma = [
        "go-html-template": "html+django", "go-text-template": "django", "go-template": "django",
    ]
}
