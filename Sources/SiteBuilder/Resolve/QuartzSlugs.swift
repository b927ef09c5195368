/// Links written for Quartz, which names pages by slugs (`authoring content.md` is
/// `authoring-content`) and looks a link up by its slug: tried only after Obsidian's rules
/// have found nothing, so a vault published with Quartz moves over unchanged.
struct QuartzSlugs: Sendable, Hashable {
    /// Note paths by their slug (`advanced/making-plugins`).
    private let bySlug: [String: String]
    /// Note paths by the last part of their slug, for a bare name.
    private let byName: [String: [String]]

    init(notes: [String]) {
        var bySlug: [String: String] = [:]
        var byName: [String: [String]] = [:]
        for note in notes.sorted() {
            let slug = Self.slug(note)
            if bySlug[slug] == nil { bySlug[slug] = note }
            byName[String(slug.split(separator: "/").last ?? ""), default: []].append(note)
        }
        self.bySlug = bySlug
        self.byName = byName
    }

    /// The note a link names as Quartz reads it: its slug from the vault root, a folder
    /// (`advanced/`, `docs/index`) as the folder's `index` note, or a bare name that only one
    /// note has.
    func note(for written: String) -> String? {
        var slug = Self.slug(
            written.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.joined(separator: "/"))
        let isFolder = written.hasSuffix("/") || slug == "index" || slug.hasSuffix("/index")
        if isFolder {
            if slug.hasSuffix("index") { slug.removeLast("index".count) }
            if slug.hasSuffix("/") { slug.removeLast() }
            return bySlug[slug.isEmpty ? "index" : slug + "/index"]
        }
        if let note = bySlug[slug] { return note }
        guard !slug.contains("/"), let named = byName[slug], named.count == 1 else { return nil }
        return named.first
    }

    /// Quartz's slug of a vault path: `.md` dropped, in each folder and name white space to
    /// `-`, `&` to `-and-`, `%` to `-percent`, `?` to `-q`, `#` dropped; case kept.
    static func slug(_ path: String) -> String {
        let stem = path.lowercased().hasSuffix(".md") ? String(path.dropLast(3)) : path
        var slug = ""
        for character in stem {
            switch character {
            case _ where character.isWhitespace: slug.append("-")
            case "&": slug += "-and-"
            case "%": slug += "-percent"
            case "?": slug += "-q"
            case "#": continue
            default: slug.append(character)
            }
        }
        return slug
    }
}
