import NoteModel

extension HTMLWriter {
    /// Appends the whole HTML of a code block from its info string and code to the page's bytes
    /// and returns true; false (nothing appended) writes cmark's `<pre><code>`. What it appends is
    /// a code block, `<pre class="highlight">` or `<pre><code` and code in spans (as `CodeLayout`
    /// writes it): it counts as code in ``HTMLFeatures``, and its many tags are not read again.
    public typealias CodeHook = (_ info: String, _ literal: String, _ html: inout [UInt8]) -> Bool
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
            output.features.diagrams = true
            output.append("<pre class=\"mermaid\">")
            output.appendEscaped(literal)
            output.append("</pre>\n")
            return true
        }
        guard let hook = code.code, hook(info, literal, &output.bytes) else { return false }
        output.features.code = true
        output.newlineIfNeeded()
        return true
    }
}
