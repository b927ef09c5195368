import HTMLText

/// A code block's HTML: Pygments' token spans (or the escaped code) in `<pre><code>`, with line
/// numbers and marked lines as the fence asked, in Pygments' own class names (`linenos`, `hll`).
public enum CodeLayout {
    /// `tokens` is Pygments' line-wise HTML, nil for plain code. Without tokens and options the
    /// result is exactly cmark's (`<pre><code class="language-x">`).
    public static func html(code: String, tokens: String?, language: String?, options: CodeOptions) -> String
    {
        var html: [UInt8] = []
        append(code: code, tokens: tokens, language: language, options: options, to: &html)
        return String(decoding: html, as: UTF8.self)
    }

    /// ``html(code:tokens:language:options:)`` appended to a page's bytes: a String made for each
    /// block, then copied into the page, was most of writing highlighted code.
    public static func append(
        code: String, tokens: String?, language: String?, options: CodeOptions, to html: inout [UInt8]
    ) {
        // No `reserveCapacity` here: reserving for each block would grow a page's bytes to the exact
        // size again and again, copying them each time, where appending grows them by doubling.
        var body = tokens ?? ""
        append(tokens == nil ? "<pre>" : "<pre class=\"highlight\">", to: &html)
        if let language {
            append("<code class=\"language-", to: &html)
            HTMLText.appendEscaped(language.utf8, to: &html)
            append("\">", to: &html)
        } else {
            append("<code>", to: &html)
        }
        if !options.lineNumbers && options.markedLines.isEmpty {
            if tokens == nil {
                HTMLText.appendEscaped(code.utf8, to: &html)
            } else {
                body.withUTF8 { html.append(contentsOf: $0) }
            }
        } else {
            if tokens == nil { body = HTMLText.escaped(code) }
            var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            let width = String(options.firstLine + max(0, lines.count - 1)).count
            for (offset, line) in lines.enumerated() {
                let marked = options.markedLines.contains(offset + 1)
                if marked { append("<span class=\"hll\">", to: &html) }
                if options.lineNumbers {
                    let number = String(options.firstLine + offset)
                    append("<span class=\"linenos\">", to: &html)
                    html += repeatElement(UInt8(ascii: " "), count: max(0, width - number.count))
                    html += number.utf8
                    append("</span>", to: &html)
                }
                html += line.utf8
                html.append(UInt8(ascii: "\n"))
                if marked { append("</span>", to: &html) }
            }
        }
        append("</code></pre>\n", to: &html)
    }

    private static func append(_ markup: StaticString, to html: inout [UInt8]) {
        markup.withUTF8Buffer { html.append(contentsOf: $0) }
    }
}
