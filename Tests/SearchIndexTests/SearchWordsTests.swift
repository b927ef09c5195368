import Foundation
import MarkdownReader
import NoteModel
import TestSupport
import Testing

@testable import SearchIndex

/// The search index reads a note's words as bytes in one walk; these hold that it reads the same
/// words as the simple path: each block's `plainText` String, joined, cut and tokenized again.
@Suite struct SearchWordsTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/corpora/text").standardizedFileURL
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
    static let hasCorpus = FileManager.default.fileExists(atPath: corpus.path)

    static func document(_ text: String) -> NoteDocument {
        MarkdownReader.read(text, file: "n.md", options: ReaderOptions(syntax: .obsidian))
    }

    /// The document as the index read it before the byte walk: plain text Strings per block.
    static func reference(title: String, tags: [String], _ document: NoteDocument) -> SearchDocument {
        var headings: [String] = []
        var blocks: [String] = []
        var body = ""
        for block in document.blocks {
            guard let content = block.content else { continue }
            let plain = document.plainText(of: content)
            blocks.append(plain)
            if case .heading = block.kind {
                headings.append(plain)
            } else if body.utf8.count <= SearchIndex.indexLimit {
                body += plain + "\n"
            }
        }
        if body.utf8.count > SearchIndex.indexLimit {
            body = String(decoding: body.utf8.prefix(SearchIndex.indexLimit), as: UTF8.self)
        }
        return SearchDocument(
            title: title, url: "n.html", headings: headings, tags: tags, body: body,
            text: SearchOrderTests.plainText(of: blocks))
    }

    static func expectSame(_ markdown: String, _ name: String) {
        let document = document(markdown)
        let title = document.title ?? name
        let fast = SearchDocument(title: title, url: "n.html", tags: ["Tag é", "b/c"], document: document)
        let simple = reference(title: title, tags: ["Tag é", "b/c"], document)
        #expect(fast == simple, "\(name)")
        #expect(fast.row == simple.row, "\(name)")
    }

    @Test func handMadeNotesReadTheSameWords() {
        let long = String(repeating: "Wörd ", count: 45_000)
        let notes = [
            "# Café *au* lait\n\nA line\nbroken softly  \nand hard. ![alt *with* ![inner](i.png)](o.png)\n",
            "## 東京都 and ﬁne\n\n> quote `code` [[Wiki|link]] #tag\n\n- item\n- 2nd\n\n| a | b |\n|---|---|\n| c | d |\n",
            // The body passes the index's limit inside a two-byte letter; a heading comes after it.
            long + "\n\n# Late heading\n\nlate words\n",
            "é" + String(repeating: "é", count: SearchIndex.indexLimit / 2) + "\n\n" + long + "\n",
            "x" + String(repeating: "é", count: SearchIndex.indexLimit / 2) + "\n\n" + long + "\n",
            "", "# Only a heading\n", "```\ncode only\n```\n",
        ]
        for (number, note) in notes.enumerated() { Self.expectSame(note, "note \(number)") }
    }

    @Test(.enabled(if: hasCorpus || isCI, "../shared/corpora is absent: corpus notes skipped"))
    func corpusNotesReadTheSameWords() throws {
        let files =
            FileManager.default.enumerator(at: Self.corpus, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" } ?? []
        #expect(files.count > 300, "expected the text corpus at \(Self.corpus.path)")
        for file in files {
            Self.expectSame(try String(contentsOf: file, encoding: .utf8), file.lastPathComponent)
        }
    }

    /// Random runs, spans and images, also malformed ones (runs past the end or inside a
    /// character, images that name themselves or earlier ones): bytes as the first, String-index walk has them.
    @Test func plainTextBytesMatchPlainText() {
        var random = SeededGenerator(seed: 5)
        let pieces = ["a", "é", "東", "😀", " ", "\n", "\u{FFFC}", "x y"]
        func text() -> AttributedText {
            let string = (0..<random.next(12)).map { _ in pieces[random.next(pieces.count)] }.joined()
            let kinds: [InlineKind] = [.emphasis, .softBreak, .lineBreak, .code, .strong]
            let spans = (0..<random.next(4)).map { _ in
                InlineSpan(kinds[random.next(kinds.count)], parent: nil)
            }
            let runs = (0..<random.next(8)).map { _ in
                TextRun(
                    length: random.next(8) - 1, span: random.next(3) == 0 ? nil : random.next(5),
                    attachment: random.next(4) == 0 ? random.next(4) - 1 : nil)
            }
            return AttributedText(string: string, runs: runs, spans: spans)
        }
        for round in 0..<3_000 {
            let images = (0..<random.next(4)).map { _ in
                ImageAttachment(destination: "i.png", title: "", location: nil, alt: text())
            }
            let document = NoteDocument(imageAttachments: images)
            let content = text()
            var bytes: [UInt8] = [1, 2]
            document.appendPlainText(of: content, to: &bytes)
            #expect(bytes == [1, 2] + Array(document.referencePlainText(of: content).utf8), "round \(round)")
            #expect(document.plainText(of: content) == document.referencePlainText(of: content))
        }
    }

    /// The byte-keyed counter against a dictionary: terms in the order first met, their counts per
    /// field, the fields' lengths, over terms that share prefixes, lengths and (in 8 bits) hashes.
    @Test func termCounterCountsAsADictionaryDoes() {
        var random = SeededGenerator(seed: 9)
        for round in 0..<40 {
            // Tables sized for fewer terms than come (and grown), and for more.
            var counter = TermCounter(expectedTerms: random.next(2_000))
            var order: [String] = []
            var counts: [String: [UInt32]] = [:]
            var lengths = [0, 0, 0, 0]
            for _ in 0..<random.next(3_000) {
                // Up to 34 bytes: terms alike in their first 16 bytes differ past them; some not ASCII.
                let term =
                    String(repeating: "ab", count: random.next(13)) + (random.next(3) == 0 ? "é" : "")
                    + String(random.next(round * 40 + 1))
                let field = random.next(4)
                counter.add(term.utf8.span, field: field)
                if counts[term] == nil { order.append(term) }
                counts[term, default: [0, 0, 0, 0]][field] += 1
                lengths[field] += 1
            }
            let entries = counter.entries
            // The terms as the document keeps them: their bytes one after another.
            let counted = counter.counted
            #expect(counted.bytes.count == counted.terms.reduce(0) { $0 + Int($1.length) })
            let terms = counted.terms.map { term in
                String(
                    decoding: counted.bytes[Int(term.start)..<Int(term.start + term.length)], as: UTF8.self)
            }
            #expect(terms == order && counted.terms.map(\.hash) == entries.map(\.hash), "round \(round)")
            #expect(counted.terms.map(\.counts) == entries.map(\.counts), "round \(round)")
            #expect(entries.map(\.term) == order, "round \(round)")
            #expect(entries.allSatisfy { entry in (0..<4).map { entry.counts[$0] } == counts[entry.term] })
            #expect(counter.lengths == lengths)
            #expect(
                entries.allSatisfy { entry in entry.hash == HashedTerm.digest(entry.term.utf8.span) })
        }
    }
}

extension NoteDocument {
    /// Plain text as first written, walking String indices: the reference the byte walk must match.
    fileprivate func referencePlainText(of text: AttributedText, inside: Int = -1) -> String {
        var out = ""
        var stack: [(text: AttributedText, run: Int, position: String.Index, owner: Int)] = [
            (text, 0, text.string.startIndex, inside)
        ]
        frames: while var frame = stack.popLast() {
            while frame.run < frame.text.runs.count {
                let run = frame.text.runs[frame.run]
                let string = frame.text.string
                let end =
                    string.utf8.index(
                        frame.position, offsetBy: max(0, run.length), limitedBy: string.endIndex)
                    ?? string.endIndex
                let start = frame.position
                frame.run += 1
                frame.position = end
                if let attachment = run.attachment {
                    guard attachment > frame.owner, imageAttachments.indices.contains(attachment) else {
                        continue
                    }
                    let alt = imageAttachments[attachment].alt
                    stack.append(frame)
                    stack.append((alt, 0, alt.string.startIndex, attachment))
                    continue frames
                }
                let kind = run.span.flatMap {
                    frame.text.spans.indices.contains($0) ? frame.text.spans[$0].kind : nil
                }
                switch kind {
                case .softBreak, .lineBreak: out += " "
                default: out += string[start..<end]
                }
            }
        }
        return out
    }
}
