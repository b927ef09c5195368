import Foundation
import FuzzSupport
import MarkdownReader
import NoteHTML
import NoteModel

/// Markdown through the model to HTML, in each syntax: no crash, no hang, and the model survives
/// its JSON form unchanged (the same HTML from the decoded model).
enum MarkdownTarget {
    /// One syntax per input, and the JSON check for one input in eight: each input used to be read
    /// in every syntax and sent through Foundation's JSON coders five times, which cost two thirds
    /// of the time and left the reader itself a small share of the fuzzer's executions.
    static func run(_ bytes: [UInt8]) {
        let markdown = String(decoding: bytes, as: UTF8.self)
        // The length picks the syntax and options, so mutations reach every combination.
        let syntaxes = Syntax.allCases
        let syntax = syntaxes[bytes.count % syntaxes.count]
        let unsafe = (bytes.count / syntaxes.count) & 1 == 1
        let smart = (bytes.count / syntaxes.count) & 2 == 2
        let options = ReaderOptions(unsafe: unsafe, smart: smart, syntax: syntax)
        let document = MarkdownReader.read(markdown, file: "fuzz.md", options: options)
        // The bytes' sum (not the length, which picks the syntax) picks the inputs checked in JSON.
        let viaJSON = bytes.reduce(UInt8(0), &+) & 7 == 0
        check(document, unsafe: unsafe, syntax: syntax, viaJSON: viaJSON)
    }

    private static func check(_ document: NoteDocument, unsafe: Bool, syntax: Syntax, viaJSON: Bool) {
        var writer = HTMLWriter(unsafe: unsafe, tagFilter: syntax.hasGFM)
        // Hooks as a site uses them, so their paths in the writer run too.
        writer.imageHook = { index, _, alt in index.isMultiple(of: 2) ? "<img alt=\"\(alt.count)\">" : nil }
        writer.linkHook = { $0.hasSuffix(".md") ? String($0.dropLast(3)) + ".html" : nil }
        writer.wikilinkHook = { target, fragment in target.isEmpty ? nil : "page.html#\(fragment ?? "")" }
        writer.embedHook = { $0.isEmbed ? "<div class=\"embed\"></div>" : nil }
        writer.tagHook = { _ in "tags/tag.html" }
        let html = writer.render(document)
        for block in document.blocks {
            for run in block.content?.runs ?? [] {
                guard let index = run.attachment else { continue }
                FuzzReplay.check(
                    document.imageAttachments.indices.contains(index), "attachment \(index) out of range")
            }
        }
        _ = document.title
        _ = document.headings
        guard viaJSON else { return }
        let decoded: NoteDocument
        do {
            decoded = try JSONDecoder().decode(NoteDocument.self, from: JSONEncoder().encode(document))
        } catch {
            FuzzReplay.check(false, "\(syntax): the model does not survive JSON: \(error)")
            return
        }
        FuzzReplay.check(decoded == document, "\(syntax): the model changed through JSON")
        FuzzReplay.check(writer.render(decoded) == html, "\(syntax): other HTML from the decoded model")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    MarkdownTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if !FUZZING
    @main enum Replay {
        static func main() { FuzzReplay.main(MarkdownTarget.run) }
    }
#endif
