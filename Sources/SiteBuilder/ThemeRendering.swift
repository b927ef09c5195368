import DefaultTheme
import Mustache
import NoteModel

/// Puts note bodies into the theme's page templates.
struct ThemeRendering: Sendable {
    static let generator = "notesite \(NotesiteVersion.current)"

    let library: TemplateLibrary
    let siteTitle: String

    init(siteTitle: String) throws(TemplateError) {
        self.library = try TemplateLibrary(sources: DefaultTheme.templates)
        self.siteTitle = siteTitle
    }

    /// Static files (CSS, scripts) written under `assets/`, in a stable order.
    var assets: [(name: String, bytes: [UInt8])] {
        DefaultTheme.assets.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    var site: TemplateValue { .object(["title": .string(siteTitle)]) }

    func page(for note: ParsedNote, body: String) throws(TemplateError) -> String {
        try library.render(
            "page",
            with: .object([
                "title": .string(note.title),
                "body": .string(body),
                "root": .string(Slug.rootPrefix(forPage: note.pagePath)),
                "path": .string(note.path),
                "site": site,
                "generator": .string(Self.generator),
            ]))
    }

    func index(listing notes: [ParsedNote]) throws(TemplateError) -> String {
        let entries = notes.map { note in
            TemplateValue.object([
                "title": .string(note.title), "url": .string(note.pagePath), "path": .string(note.path),
            ])
        }
        return try library.render(
            "index",
            with: .object([
                "title": .string(siteTitle),
                "root": .string(""),
                "notes": .array(entries),
                "site": site,
                "generator": .string(Self.generator),
            ]))
    }
}
