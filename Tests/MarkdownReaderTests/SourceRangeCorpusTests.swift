import Foundation
import MarkdownReader
import NoteModel
import Testing

/// For every span of real Markdown (the CommonMark spec's examples, the text corpora), the source
/// at its range is consistent with the span: inside the note, line and column agreeing with the
/// offset, and holding the letters and digits of the text the span covers, in order.
@Suite(.enabled(if: Corpus.shouldRun, "../shared/corpora is absent: range corpus test skipped"))
struct SourceRangeCorpusTests {
    @Test(arguments: Syntax.allCases)
    func specExamples(syntax: Syntax) {
        #expect(!Corpus.spec.isEmpty, "the CommonMark spec corpus is missing")
        var problems: [String] = []
        for example in Corpus.spec {
            problems += Self.problems(in: example.entry.markdown, syntax: syntax).map {
                "example \(example.entry.example): \($0)"
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(10))")
    }

    @Test(arguments: ["hugo-docs", "quartz-docs", "rust-book"])
    func textCorpus(name: String) throws {
        let files = Corpus.textFiles(name)
        #expect(!files.isEmpty, "text/\(name) is missing")
        var problems: [String] = []
        var spans = 0
        for file in files {
            let markdown = try String(contentsOf: file, encoding: .utf8)
            let found = Self.problems(in: markdown, syntax: .obsidian, count: &spans)
            problems += found.map { "\(file.lastPathComponent): \($0)" }
        }
        print("\(name): \(files.count) notes, \(spans) spans checked")
        #expect(spans > 1000)
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(10))")
    }

    static func problems(in markdown: String, syntax: Syntax) -> [String] {
        var count = 0
        return problems(in: markdown, syntax: syntax, count: &count)
    }

    static func problems(in markdown: String, syntax: Syntax, count: inout Int) -> [String] {
        let note = RangedNote(markdown, syntax: syntax)
        let lines = LineTable(note.source)
        var problems: [String] = []
        func check(_ range: SourceRange?, _ what: String) -> String? {
            guard let range else {
                problems.append("\(what) has no range")
                return nil
            }
            guard range.start.offset >= 0, range.start <= range.end, range.end.offset <= note.source.count
            else {
                problems.append("\(what) range \(range) outside the note")
                return nil
            }
            for position in [range.start, range.end] {
                let (line, column) = lines.position(of: position.offset)
                if line != position.line || column != position.column {
                    problems.append("\(what) position \(position) is not offset \(position.offset)")
                }
            }
            return note.slice(range)
        }
        for (index, block) in note.document.blocks.enumerated() {
            _ = check(block.range, "block \(index) \(block.kind)")
        }
        for image in note.document.imageAttachments {
            if let slice = check(image.range, "image \(image.destination)"), !slice.contains("!["),
                !slice.contains("<"), image.html == nil
            {
                problems.append("image '\(image.destination)' at \(slice.debugDescription)")
            }
        }
        for (_, text, id, span) in note.spans {
            count += 1
            guard let slice = check(span.range, "span \(span.kind)") else { continue }
            if let problem = Self.delimiterProblem(span.kind, slice) { problems.append(problem) }
            let covered = RangedNote.coveredText(of: id, in: text)
            if !Self.isSubsequence(covered, of: slice) {
                problems.append(
                    "\(span.kind) covering \(covered.debugDescription) at \(slice.debugDescription)")
            }
        }
        return problems
    }

    /// How the source of a span must start and end, by kind.
    static func delimiterProblem(_ kind: InlineKind, _ slice: String) -> String? {
        let (starts, ends): ([String], [String]) =
            switch kind {
            case .emphasis: (["*", "_"], ["*", "_"])
            case .strong: (["**", "__"], ["**", "__"])
            case .code: (["`"], ["`"])
            case .html: (["<"], [">"])
            case .strikethrough: (["~"], ["~"])
            case .highlight: (["=="], ["=="])
            case .wikilink: (["[["], ["]]"])
            case .embed: (["![["], ["]]"])
            case .tag: (["#"], [""])
            case .math: (["$"], ["$"])
            case .footnoteReference: (["[^"], ["]"])
            case .link: (["[", "<", ""], ["", ")", "]", ">"])
            case .softBreak, .lineBreak: ([""], ["\n", "\r"])
            }
        let ok = starts.contains { slice.hasPrefix($0) } && ends.contains { slice.hasSuffix($0) }
        return ok ? nil : "\(kind) written \(slice.debugDescription)"
    }

    /// Whether the ASCII letters and digits of `text` appear in `source` in order (entities and
    /// escapes aside: a slice holding `&` or a backslash is only checked for being there).
    static func isSubsequence(_ text: String, of source: String) -> Bool {
        if source.contains("&") { return true }
        let wanted = text.unicodeScalars.filter {
            $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
        var remaining = source.unicodeScalars.makeIterator()
        for scalar in wanted {
            var found = false
            while let next = remaining.next() {
                if next == scalar {
                    found = true
                    break
                }
            }
            if !found { return false }
        }
        return true
    }
}
