import Foundation

/// Option help shortened for the one line a shell's completion menu gives it.
enum CompletionText {
    /// The help without its asides in parentheses, up to its first `;`, at most 70 characters.
    static func brief(_ help: String) -> String {
        var text = ""
        var depth = 0
        for character in TextWrapping.paragraphs(help).first ?? "" {
            if character == "(" { depth += 1 }
            if depth == 0 { text.append(character) }
            if character == ")" { depth = max(0, depth - 1) }
        }
        if let stop = text.range(of: ";") { text = String(text[..<stop.lowerBound]) }
        text = text.split(separator: " ").joined(separator: " ").replacingOccurrences(of: " ,", with: ",")
        return text.count > 70 ? String(text.prefix(69)) + "…" : text
    }
}
