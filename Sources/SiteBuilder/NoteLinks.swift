import NoteModel

/// Links between notes: `[the trip](Trip.md)` is written against the vault; the page needs
/// `trips/trip.html`, relative to where the linking page lands.
enum NoteLinks {
    /// A link from one note to another, for the other's backlinks.
    struct Outgoing: Sendable, Hashable {
        /// The linked note's vault path.
        var target: String
        /// The paragraph around the link, as plain text.
        var context: String
    }

    struct Resolved: Sendable {
        /// Page hrefs by destination as written.
        var hrefs: [String: String] = [:]
        var outgoing: [Outgoing] = []
        /// Other vault files the note links to (a PDF, a recording), by vault path: published with it.
        var attachments: Set<String> = []
    }

    /// Where a linked file that is not a note lands in the site: folders and name slugged like
    /// pages', the extension kept (`Files/Report 2024.PDF` -> `files/report-2024.pdf`).
    static func attachmentPath(for path: String) -> String {
        var components = path.split(separator: "/").map(String.init)
        let file = components.popLast() ?? path
        let dot = file.lastIndex(of: ".").flatMap { $0 == file.startIndex ? nil : $0 }
        let stem = dot.map { String(file[..<$0]) } ?? file
        let ext = dot.map { String(file[$0...]).lowercased() } ?? ""
        return (components.map(Slug.component) + [Slug.component(stem) + ext]).joined(separator: "/")
    }

    /// Page hrefs for every link in the note that names a note, by destination as written.
    /// Links that name no note in the vault are warnings (errors under `--strict`); they keep
    /// their destination, so the text still shows and still says where it pointed.
    static func resolve(
        in document: NoteDocument, source: String, notePath: String, pages: [String: String], style: URLStyle,
        resolver: Resolver, displayName: String, diagnostics: inout [Diagnostic]
    ) -> Resolved {
        let pagePath = pages[notePath] ?? Slug.pagePath(forNote: notePath)
        var resolved = Resolved()
        var targets: [String: String] = [:]
        var reported: Set<String> = []
        for block in document.blocks {
            guard let text = block.content else { continue }
            var linkedHere: Set<String> = []
            for span in text.spans {
                guard case .link(let destination, _) = span.kind, !reported.contains(destination),
                    case .local(let written) = ImageReference(destination: destination),
                    !written.isEmpty, !written.hasSuffix("/")
                else { continue }
                let isNote = written.lowercased().hasSuffix(".md")
                let fragment = destination.firstIndex(of: "#").map { String(destination[$0...]) } ?? ""
                let target: String
                if let known = targets[destination] {
                    target = known
                } else if case .found(let found, _) = resolver.resolve(written, fromNote: notePath),
                    let page = isNote ? pages[found] : attachmentPath(for: found)
                {
                    target = found
                    targets[destination] = found
                    resolved.hrefs[destination] = style.href(from: pagePath, to: page) + fragment
                    if !isNote { resolved.attachments.insert(found) }
                } else {
                    reported.insert(destination)
                    let place = location(
                        of: destination, in: source, after: block.location, file: displayName)
                    let what = isNote ? "no note" : "no file"
                    diagnostics.append(
                        .warning("link to '\(destination)' finds \(what) in the vault", at: place))
                    continue
                }
                guard isNote else { continue }
                if target != notePath && linkedHere.insert(target).inserted {
                    resolved.outgoing.append(Outgoing(target: target, context: document.plainText(of: text)))
                }
            }
        }
        return resolved
    }

    /// `guide/images.html` to `reference/cli.html` is `../reference/cli.html`.
    static func relativeURL(from page: String, to target: String) -> String {
        let here = page.split(separator: "/").dropLast()
        let there = target.split(separator: "/")
        var shared = 0
        while shared < here.count, shared < there.count - 1, here[shared] == there[shared] { shared += 1 }
        let up = Array(repeating: "..", count: here.count - shared)
        return (up + there[shared...].map(String.init)).joined(separator: "/")
    }

    /// Where `needle` is first written at or after the block's start (links carry no place of their own).
    static func location(of needle: String, in source: String, after start: SourceLocation?, file: String)
        -> SourceLocation
    {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let first = max(0, (start?.line ?? 1) - 1)
        for index in first..<lines.count {
            if let range = lines[index].range(of: needle) {
                let column =
                    lines[index].utf8.distance(from: lines[index].startIndex, to: range.lowerBound) + 1
                return SourceLocation(file: file, line: index + 1, column: column)
            }
        }
        return start ?? SourceLocation(file: file, line: 1, column: 1)
    }
}
