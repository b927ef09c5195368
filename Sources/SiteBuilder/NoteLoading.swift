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
    /// Where each of `document.imageAttachments` points, in the same order.
    let images: [ImageTarget]
    /// Links to other notes: page hrefs by destination as written, and the notes they name.
    let links: NoteLinks.Resolved
    let diagnostics: [Diagnostic]
}

/// An image attachment after lookup in the vault.
enum ImageTarget: Sendable, Hashable {
    /// A vault file, by vault-relative path.
    case file(String)
    /// A URL the page loads itself; never fetched at build time.
    case remote
    /// Not found or not allowed; already reported.
    case unresolved
}

enum NoteLoading {
    /// Reads one note. A file that is not UTF-8 is reported at its first bad byte and still built,
    /// with U+FFFD in place of the bad bytes, so nothing else of it is lost.
    /// `pages` maps every note's path to its page's path.
    static func load(
        _ path: String, from vault: Vault, resolver: Resolver, pages: [String: String],
        style: URLStyle = .files,
        displayName: String
    ) -> ParsedNote {
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
        let images = document.imageAttachments.map { image in
            target(of: image, in: path, resolver: resolver, diagnostics: &diagnostics)
        }
        let pagePath = pages[path] ?? Slug.pagePath(forNote: path)
        let links = NoteLinks.resolve(
            in: document, source: text, notePath: path, pages: pages, style: style, resolver: resolver,
            displayName: displayName, diagnostics: &diagnostics)
        let stem = (path.split(separator: "/").last.map(String.init) ?? path).dropLast(3)
        return ParsedNote(
            path: path, pagePath: pagePath, title: document.title ?? String(stem), document: document,
            images: images, links: links, diagnostics: diagnostics)
    }

    /// Looks an image up in the vault; every way it can fail is reported at the image's place.
    static func target(
        of image: ImageAttachment, in notePath: String, resolver: Resolver, diagnostics: inout [Diagnostic]
    ) -> ImageTarget {
        guard case .local(let written) = ImageReference(destination: image.destination) else {
            return .remote
        }
        switch resolver.resolve(written, fromNote: notePath) {
        case .found(let file, let others):
            if !others.isEmpty {
                let names = ([file] + others).map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.append(
                    .warning(
                        "image '\(image.destination)' matches several files: \(names); using '\(file)'",
                        at: image.location))
            }
            return .file(file)
        case .notFound(let lookedFor):
            let places = lookedFor.joined(separator: ", ")
            diagnostics.append(
                .error(
                    "image '\(image.destination)' not found (looked for \(places), and by name in the vault)",
                    at: image.location))
            return .unresolved
        case .outsideVault:
            diagnostics.append(
                .error("image '\(image.destination)' is outside the vault", at: image.location))
            return .unresolved
        }
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
