import Foundation
import HTMLText
import NoteModel

/// Front matter `aliases` as redirect pages: a note once called `Old name` keeps its old address
/// (`old-name.html`, beside the note), which sends readers on to the note.
enum AliasRedirects {
    /// One alias of a note, and the page that redirects from it.
    struct Redirect: Sendable {
        let alias: String
        let page: String
        let html: Data
    }

    /// The notes that have aliases.
    static func aliased(_ notes: [ResolvedNote]) -> [ResolvedNote] {
        notes.filter { !($0.document.frontMatter?.aliases ?? []).isEmpty }
    }

    /// The redirect pages of `notes` (`redirects[i]`: note `i`'s), each where the site has no file
    /// yet (`taken`: whether it has one at a path); a warning for each alias that would replace one.
    static func pages(
        for notes: [ResolvedNote], redirects: [[Redirect]], taken: (String) -> Bool, display: DisplayPaths
    ) -> (pages: [String: Data], diagnostics: [Diagnostic]) {
        var pages: [String: Data] = [:]
        var diagnostics: [Diagnostic] = []
        for (note, redirects) in zip(notes, redirects) {
            for redirect in redirects {
                guard taken(redirect.page) || pages[redirect.page] != nil else {
                    pages[redirect.page] = redirect.html
                    continue
                }
                let place =
                    note.document.frontMatter?.location
                    ?? SourceLocation(file: display.name(note.path), line: 1, column: 1)
                diagnostics.append(
                    .warning(
                        "alias '\(redirect.alias)' would replace the page '\(redirect.page)'; no redirect written",
                        at: place))
            }
        }
        return (pages, diagnostics)
    }

    /// The note's aliases as pages beside it (none for an alias naming the note's own page).
    /// `movedTo`: the sentence that links on, `{link}` where the link goes (``InterfaceStrings``).
    static func redirects(
        of note: ResolvedNote, style: URLStyle, movedTo: String = InterfaceStrings.english["moved_to"]
    ) -> [Redirect] {
        let folder = FolderNames.joined(above: note.path)
        return (note.document.frontMatter?.aliases ?? []).compactMap { alias in
            guard !alias.isEmpty else { return nil }
            let page = style.pagePath(forNote: (folder.isEmpty ? "" : folder + "/") + alias + ".md")
            guard page != note.pagePath else { return nil }
            let html = html(
                to: style.href(from: page, to: note.pagePath), title: note.title, movedTo: movedTo)
            return Redirect(alias: alias, page: page, html: Data(html.utf8))
        }
    }

    static func html(
        to href: String, title: String, movedTo: String = InterfaceStrings.english["moved_to"]
    ) -> String {
        let target = href.htmlEscaped
        let sentence = movedTo.htmlEscaped.replacingOccurrences(
            of: "{link}", with: "<a href=\"\(target)\">\(title.htmlEscaped)</a>")
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>\(title.htmlEscaped)</title>
            <meta http-equiv="refresh" content="0; url=\(target)">
            <link rel="canonical" href="\(target)"></head>
            <body><p>\(sentence)</p></body></html>

            """
    }
}
