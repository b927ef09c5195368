import HTMLText

/// A code block's HTML: Pygments' token spans (or the escaped code) in `<pre><code>`, with line
/// numbers and marked lines as the fence asked, in Pygments' own class names (`linenos`, `hll`).
public enum CodeLayout {
    /// `tokens` is Pygments' line-wise HTML, nil for plain code. Without tokens and options the
    /// result is exactly cmark's (`<pre><code class="language-x">`).
    public static func html(code: String, tokens: String?, language: String?, options: CodeOptions) -> String
    {
        let body = tokens ?? HTMLText.escaped(code)
        var html = ""
        html.reserveCapacity(body.utf8.count + 96)  // grown once, not by doubling over a long block
        html += tokens == nil ? "<pre>" : "<pre class=\"highlight\">"
        html += language.map { "<code class=\"language-\(HTMLText.escaped($0))\">" } ?? "<code>"
        if !options.lineNumbers && options.markedLines.isEmpty {
            html += body
        } else {
            var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            let width = String(options.firstLine + max(0, lines.count - 1)).count
            for (offset, line) in lines.enumerated() {
                let marked = options.markedLines.contains(offset + 1)
                if marked { html += "<span class=\"hll\">" }
                if options.lineNumbers {
                    let number = String(options.firstLine + offset)
                    html += "<span class=\"linenos\">"
                    html += String(repeating: " ", count: max(0, width - number.count)) + number + "</span>"
                }
                html += line + "\n"
                if marked { html += "</span>" }
            }
        }
        return html + "</code></pre>\n"
    }
}
