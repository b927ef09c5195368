import HTMLText
import NoteModel

/// Front matter `aliases` as redirect pages: a note once called `Old name` keeps its old address
/// (`old-name.html`, beside the note), which sends readers on to the note.
enum AliasRedirects {
    static func pages(for notes: [ParsedNote], taken: Set<String>, style: URLStyle, display: DisplayPaths)
        -> (pages: [String: String], diagnostics: [Diagnostic])
    {
        var pages: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for note in notes {
            let folder = note.path.split(separator: "/").dropLast().joined(separator: "/")
            for alias in note.document.frontMatter?.aliases ?? [] where !alias.isEmpty {
                let page = style.pagePath(forNote: (folder.isEmpty ? "" : folder + "/") + alias + ".md")
                guard page != note.pagePath else { continue }
                if taken.contains(page) || pages[page] != nil {
                    let place =
                        note.document.frontMatter?.location
                        ?? SourceLocation(
                            file: display.name(note.path), line: 1, column: 1)
                    diagnostics.append(
                        .warning(
                            "alias '\(alias)' would replace the page '\(page)'; no redirect written",
                            at: place))
                    continue
                }
                pages[page] = html(to: style.href(from: page, to: note.pagePath), title: note.title)
            }
        }
        return (pages, diagnostics)
    }

    static func html(to href: String, title: String) -> String {
        let target = href.htmlEscaped
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>\(title.htmlEscaped)</title>
            <meta http-equiv="refresh" content="0; url=\(target)">
            <link rel="canonical" href="\(target)"></head>
            <body><p>Moved to <a href="\(target)">\(title.htmlEscaped)</a>.</p></body></html>

            """
    }
}
