import NoteModel

extension HTMLWriter {
    /// The whole HTML of a code block from its info string and code; nil writes cmark's `<pre><code>`.
    public typealias CodeHook = (_ info: String, _ literal: String) -> String?
}

/// The code block hooks, passed from ``HTMLWriter`` to the block writer.
struct CodeHooks {
    var code: HTMLWriter.CodeHook?
    var diagrams = false
}

extension HTMLBlockWriter {
    /// A diagram or hooked code block; returns whether it was written.
    mutating func writeCodeHook(info: String, literal: String) -> Bool {
        let language = info.utf8.prefix { !HTMLBlockWriter.isSpace($0) }
        if code.diagrams, language.elementsEqual("mermaid".utf8) {
            // Escaped source: readable without the script, which reads it back as text.
            output.append("<pre class=\"mermaid\">")
            output.appendEscaped(literal)
            output.append("</pre>\n")
            return true
        }
        guard let hook = code.code, let html = hook(info, literal) else { return false }
        output.append(html)
        output.newlineIfNeeded()
        return true
    }
}
