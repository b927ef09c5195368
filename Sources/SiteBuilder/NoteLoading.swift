import Foundation
import MarkdownReader
import NoteModel

/// A note read and parsed, before its images are known.
struct ParsedNote: Sendable {
    /// Vault-relative source path, e.g. `trips/Lisbon.md`.
    let path: String
    /// Site-relative page path, e.g. `trips/lisbon.html`.
    let pagePath: String
    let title: String
    let document: NoteDocument
    let diagnostics: [Diagnostic]
}

enum NoteLoading {
    /// Reads one note. A file that is not UTF-8 is reported at its first bad byte and still built,
    /// with U+FFFD in place of the bad bytes, so nothing else of it is lost.
    static func load(_ path: String, from vault: Vault, displayName: String) -> ParsedNote {
        var diagnostics: [Diagnostic] = []
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: vault.url(for: path)))
        } catch {
            diagnostics.append(
                .error(
                    "cannot read note: \(error.localizedDescription)",
                    at: .init(file: displayName, line: 1, column: 1)))
            bytes = []
        }
        if let bad = firstInvalidUTF8(in: bytes) {
            diagnostics.append(
                .error(
                    String(format: "not valid UTF-8 (byte 0x%02X); save the file as UTF-8", bad.byte),
                    at: .init(file: displayName, line: bad.line, column: bad.column)))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let document = MarkdownReader.read(text, file: displayName)
        let stem = (path.split(separator: "/").last.map(String.init) ?? path).dropLast(3)
        return ParsedNote(
            path: path, pagePath: Slug.pagePath(forNote: path), title: document.title ?? String(stem),
            document: document, diagnostics: diagnostics)
    }

    /// The line, column (in bytes, 1-based) and value of the first byte that breaks UTF-8.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int, byte: UInt8)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var lineStart = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count == 1 && scalar.first == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = offset + 1
                }
                offset += scalar.count
            case .error:
                return (line, offset - lineStart + 1, bytes[offset])
            case .emptyInput:
                return nil
            }
        }
    }
}
