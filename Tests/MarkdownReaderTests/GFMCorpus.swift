import Foundation
import Testing

/// The GFM spec's examples (`gfm-spec.txt`, `gfm-extensions.txt`), parsed from their fences.
enum GFMCorpus {
    static let spec = examples("gfm-spec.txt")
    static let extensions = examples("gfm-extensions.txt")
    static let all = spec + extensions

    /// Every file of `text/`, as its path relative to `text/`.
    static let textFiles: [String] = ["hugo-docs", "rust-book"].flatMap { folder in
        Corpus.textFiles(folder).map { String($0.path.dropFirst(textRoot.path.count + 1)) }
    }
    static let textRoot = Corpus.root.appendingPathComponent("text")

    private static let fence = String(repeating: "`", count: 32)

    /// Examples open with a fence line ending in ` example` (maybe followed by extension names),
    /// hold Markdown then a `.` line then the HTML, and close with the bare fence. `→` is a tab.
    private static func examples(_ name: String) -> [GFMExample] {
        let url = Corpus.root.appendingPathComponent("commonmark").appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var found: [GFMExample] = []
        var markdown: [Substring]?
        var inHTML = false
        var startLine = 0
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if markdown == nil {
                if line.hasPrefix(fence + " example") {
                    markdown = []
                    inHTML = false
                    startLine = offset + 1
                }
            } else if line == fence {
                let source = (markdown ?? []).map { $0 + "\n" }.joined().replacingOccurrences(
                    of: "→", with: "\t")
                found.append(
                    GFMExample(file: name, number: found.count + 1, line: startLine, markdown: source))
                markdown = nil
            } else if line == "." {
                inHTML = true
            } else if !inHTML {
                markdown?.append(line)
            }
        }
        return found
    }
}

/// One example of a GFM spec file; `id` names it in the known-differences list.
struct GFMExample: Sendable, CustomTestStringConvertible {
    var file: String
    var number: Int
    var line: Int
    var markdown: String

    var id: String { "\(file)#\(number)" }
    var testDescription: String { "\(id) (line \(line))" }
}
