/// Fills words into lines of at most a width, for help text; a word longer than the width gets a line of its own.
enum TextWrapping {
    /// `text`'s paragraphs (separated by blank lines) filled to `width` columns, each line after
    /// the first of a paragraph starting with `indent` spaces (and counted in the width).
    static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
        var lines: [String] = []
        for (number, paragraph) in paragraphs(text).enumerated() {
            if number > 0 { lines.append("") }
            lines += fill(paragraph.split(separator: " ").map(String.init), width: width, indent: indent)
        }
        return lines
    }

    static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").map { paragraph in
            paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }.filter { !$0.isEmpty }
    }

    static func fill(_ words: [String], width: Int, indent: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        let pad = String(repeating: " ", count: indent)
        for word in words {
            let start = lines.isEmpty ? "" : pad
            if line.isEmpty {
                line = start + word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = pad + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
