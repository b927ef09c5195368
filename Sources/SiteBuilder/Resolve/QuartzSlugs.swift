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
            byName[Self.lastPart(of: slug), default: []].append(note)
        }
        self.bySlug = bySlug
        self.byName = byName
    }

    /// The note a link names as Quartz reads it: its slug from the vault root, a folder
    /// (`advanced/`, `docs/index`) as the folder's `index` note, or a bare name that only one
    /// note has.
    func note(for written: String) -> String? {
        var slug = Self.slug(Self.joinedParts(of: written))
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

    /// The parts of `written` between `/`, but empty ones and `.`, joined by `/`.
    static func joinedParts(of written: String) -> String {
        written.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.joined(separator: "/")
    }

    /// Quartz's slug of a vault path: `.md` dropped, in each folder and name white space to
    /// `-`, `&` to `-and-`, `%` to `-percent`, `?` to `-q`, `#` dropped; case kept.
    static func slug(_ path: String) -> String {
        let stem = Slug.hasMarkdownExtension(path.utf8) ? String(path.dropLast(3)) : path
        return asciiSlug(stem) ?? generalSlug(stem)
    }

    /// The part after the last `/` (all of a path without one; empty after a trailing `/`, as a
    /// split leaves out empty parts, so the last non-empty part then).
    static func lastPart(of slug: String) -> String {
        String(slug.split(separator: "/").last ?? "")
    }

    /// ``slug(_:)`` of an ASCII stem on bytes (every note is slugged for every build); nil for any
    /// other stem.
    static func asciiSlug(_ stem: String) -> String? {
        var slug: [UInt8] = []
        slug.reserveCapacity(stem.utf8.count)
        var previous: UInt8 = 0
        for byte in stem.utf8 {
            guard byte < 0x80 else { return nil }
            defer { previous = byte }
            switch byte {
            // CR LF is one Character, so one `-`.
            case 0x0A where previous == 0x0D: continue
            case 0x09...0x0D, 0x20: slug.append(UInt8(ascii: "-"))
            case UInt8(ascii: "&"): slug += "-and-".utf8
            case UInt8(ascii: "%"): slug += "-percent".utf8
            case UInt8(ascii: "?"): slug += "-q".utf8
            case UInt8(ascii: "#"): continue
            default: slug.append(byte)
            }
        }
        return String(decoding: slug, as: UTF8.self)
    }

    /// ``slug(_:)`` of any stem, by Characters.
    static func generalSlug(_ stem: String) -> String {
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
