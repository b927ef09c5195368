/// Which notes link to each note, with the paragraph around each link.
struct Backlinks: Sendable {
    struct Entry: Sendable {
        let source: ParsedNote
        let context: String
    }

    private let byTarget: [String: [Entry]]

    init(_ notes: [ParsedNote]) {
        var byTarget: [String: [Entry]] = [:]
        for note in notes {
            for link in note.links.outgoing {
                byTarget[link.target, default: []].append(
                    Entry(source: note, context: Self.excerpt(link.context)))
            }
        }
        // Stable whatever order the notes were loaded in.
        self.byTarget = byTarget.mapValues { entries in
            entries.sorted(byKey: { TitleOrder($0.source) })
        }
    }

    /// The notes linking to the note at `path`.
    func to(_ path: String) -> [Entry] { byTarget[path] ?? [] }

    /// At most about 240 characters, cut at a word.
    static func excerpt(_ text: String, limit: Int = 240) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > limit else { return flat }
        let cut = flat.prefix(limit)
        let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return word + "…"
    }
}
