import NoteModel

/// A note's own picture for link cards: its `image` or `cover` property, used instead of a drawn
/// social card. A vault file is looked up as an image link is (`cover: photos/beach.jpg`,
/// `cover: "[[beach.jpg]]"`); an http(s) URL is used as it is, never fetched.
enum CoverImage: Sendable, Hashable {
    case file(String)
    case url(String)

    static let keys = ["image", "cover"]

    /// The first of the note's `image` and `cover` properties, looked up; a file that is not in the
    /// vault is a warning at the property, and the note gets a drawn card.
    static func of(_ source: SourceNote, resolver: Resolver, diagnostics: inout [Diagnostic]) -> CoverImage? {
        guard let front = source.document.frontMatter,
            let entry = front.extra.first(where: { keys.contains($0.key) }),
            let written = entry.value.text?.trimmingCharacters(in: .whitespaces), !written.isEmpty
        else { return nil }
        if written.hasPrefix("https://") || written.hasPrefix("http://") {
            return written.contains(where: \.isWhitespace) ? nil : .url(written)
        }
        var destination = Substring(written)
        if destination.hasPrefix("!") { destination = destination.dropFirst() }
        if destination.hasPrefix("[["), destination.hasSuffix("]]") {
            destination = destination.dropFirst(2).dropLast(2)
            if let bar = destination.firstIndex(of: "|") { destination = destination[..<bar] }
        }
        guard case .local(let path) = ImageReference(destination: String(destination)) else { return nil }
        switch resolver.resolve(path, fromNote: source.path) {
        case .found(let file, _): return .file(file)
        case .notFound, .outsideVault:
            diagnostics.append(
                .warning(
                    "\(entry.key) '\(written)' not found in the vault; the page gets a drawn card",
                    at: entry.location))
            return nil
        }
    }
}
