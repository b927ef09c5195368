/// Tags as pages: `tags.html` lists every tag, `tags/travel/europe.html` the notes tagged
/// `#travel/europe`; a parent tag's page (`#travel`) lists the notes of its nested tags too.
struct TagPages: Sendable {
    struct Tag: Sendable {
        /// The tag as first written (`Travel/Europe`).
        let name: String
        let pagePath: String
        /// Notes tagged with it or with a tag nested under it, by title.
        let notes: [ResolvedNote]
    }

    let tags: [Tag]

    init(_ notes: [ResolvedNote]) {
        var names: [String: String] = [:]
        var members: [String: [String: ResolvedNote]] = [:]
        for note in notes {
            for tag in note.source.tags {
                let parts = tag.split(separator: "/").map(String.init)
                for depth in 1...max(1, parts.count) {
                    let name = parts.prefix(depth).joined(separator: "/")
                    let key = name.lowercased()
                    if names[key] == nil { names[key] = name }
                    members[key, default: [:]][note.path] = note
                }
            }
        }
        tags = names.keys.sorted().compactMap { key in
            guard let name = names[key] else { return nil }
            let notes = (members[key] ?? [:]).values.map { ($0.title.lowercased(), $0) }
                .sorted { ($0.0, $0.1.path) < ($1.0, $1.1.path) }.map(\.1)
            return Tag(name: name, pagePath: Self.pagePath(for: name), notes: notes)
        }
    }

    static func pagePath(for tag: String) -> String {
        "tags/" + tag.split(separator: "/").map { Slug.component(String($0)) }.joined(separator: "/")
            + ".html"
    }
}
