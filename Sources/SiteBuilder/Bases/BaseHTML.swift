import Bases
import HTMLSanitizer
import HTMLText
import NoteHTML
import NoteModel

/// How a base looks in a page: each view (or the one an embed names) evaluated over the vault's
/// rows and written as a table, cards or a list, grouped, with the table's summaries in its
/// footer. `bases.js` sorts a table by a click on a header; without it the rows stay in the base's
/// order. A view notesite does not draw (`map`, a plugin's) is its name and a notice.
enum BaseHTML {
    /// Whether a code block's info string makes it a base (first word `base`). By bytes, without
    /// splitting: Read asks this of every code block of every note.
    static func isBaseBlock(_ info: String) -> Bool {
        var info = info
        return info.withUTF8 { bytes in
            let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
            return bytes.drop(while: isBlank).prefix { !isBlank($0) }.elementsEqual("base".utf8)
        }
    }
}

extension PageBody {
    /// A `.base` note's body: all its views, or the one whose heading `section` is
    /// (`![[x.base#View]]`), under the base's name as a heading on its own page.
    func baseUTF8(for note: ResolvedNote, page: BasePage, section: Int?, embedded: Bool) -> (
        html: [UInt8], diagnostics: [Diagnostic], inlined: [InlinedImage], features: HTMLFeatures
    ) {
        var diagnostics: [Diagnostic] = []
        var inlined: [InlinedImage] = []
        let view = section.flatMap { page.viewName(atBlock: $0, in: note.document) }
        let html = baseHTML(
            page.base, viewName: view, skippingReadProblems: true, diagnostics: &diagnostics,
            inlined: &inlined)
        let heading =
            section == nil && !embedded && note.pagePath == pagePath
            ? "<h1 class=\"base-title\">\(note.title.htmlEscaped)</h1>\n" : ""
        return (Array((heading + html).utf8), diagnostics, inlined, HTMLFeatures())
    }

    /// The HTML of `base`'s views (only `viewName`'s when given), its problems in `diagnostics`;
    /// `skipping` leaves out the base's own reading problems (a `.base` file's, reported with the file).
    func baseHTML(
        _ base: BaseFile, viewName: String?, skippingReadProblems: Bool = false,
        diagnostics: inout [Diagnostic], inlined: inout [InlinedImage]
    ) -> String {
        guard let rows = bases else { return "" }
        let this = thisNote.map(rows.row(for:))
        let result = BaseEvaluator(base: base, rows: rows.rows, options: .init(now: now, this: this))
            .evaluate(viewName: viewName)
        diagnostics +=
            skippingReadProblems
            ? Array(result.diagnostics.dropFirst(base.diagnostics.count)) : result.diagnostics
        var html = "<div class=\"base\">\n"
        for view in result.views {
            html += viewHTML(view, rows: rows, inlined: &inlined, diagnostics: &diagnostics)
        }
        if result.views.isEmpty, let viewName {
            html +=
                "<p class=\"base-notice\">\(strings.html("base_no_view", ["view": viewName.htmlEscaped]))</p>\n"
        }
        return html + "</div>\n"
    }

    private func viewHTML(
        _ view: BaseViewResult, rows: BaseRows, inlined: inout [InlinedImage], diagnostics: inout [Diagnostic]
    ) -> String {
        let name = view.view.name.htmlEscaped
        var html: String
        switch view.view.layout {
        case .table:
            html = "<section class=\"base-view base-table-view\">\n<p class=\"base-view-name\">\(name)</p>\n"
            html += tableHTML(view, rows: rows, inlined: &inlined, diagnostics: &diagnostics)
        case .cards:
            html = "<section class=\"base-view base-cards-view\">\n<p class=\"base-view-name\">\(name)</p>\n"
            for group in view.groups {
                html += groupHeading(group, in: view, rows: rows)
                html += "<ul class=\"base-cards\">\n"
                for row in group.rows {
                    html += cardHTML(
                        row, view: view, rows: rows, inlined: &inlined, diagnostics: &diagnostics)
                }
                html += "</ul>\n"
            }
        case .list:
            html = "<section class=\"base-view base-list-view\">\n<p class=\"base-view-name\">\(name)</p>\n"
            for group in view.groups {
                html += groupHeading(group, in: view, rows: rows)
                html += "<ul class=\"base-list\">\n"
                for row in group.rows {
                    var cells: [String] = []
                    for (index, cell) in row.cells.enumerated() {
                        cells.append(
                            cellHTML(
                                cell, column: view.columns[index], row: row, rows: rows,
                                place: view.view.location, inlined: &inlined, diagnostics: &diagnostics))
                    }
                    let first = cells.first ?? ""
                    let rest = cells.dropFirst().filter { !$0.isEmpty }
                    html +=
                        "<li>\(first)"
                        + (rest.isEmpty
                            ? ""
                            : " <span class=\"base-list-values\">\(rest.joined(separator: " · "))</span>")
                        + "</li>\n"
                }
                html += "</ul>\n"
            }
        case .map, .other:
            let kind: String
            if case .other(let plugin) = view.view.layout { kind = plugin } else { kind = "map" }
            html =
                "<section class=\"base-view base-unsupported-view\">\n<p class=\"base-view-name\">\(name)</p>\n"
            let notice = strings.html(
                "base_not_drawn",
                ["kind": kind.htmlEscaped, "notes": strings.notes(view.rows.count).htmlEscaped])
            html += "<p class=\"base-notice\">\(notice)</p>\n"
        }
        if view.rows.isEmpty, [.table, .cards, .list].contains(view.view.layout) {
            html += "<p class=\"base-notice\">\(strings["base_no_match"].htmlEscaped)</p>\n"
        }
        return html + "</section>\n"
    }

    private func groupHeading(_ group: BaseGroup, in view: BaseViewResult, rows: BaseRows) -> String {
        guard view.view.groupBy != nil else { return "" }
        let text = group.key.isEmpty ? strings["base_none"] : group.key.displayText
        return "<h3 class=\"base-group-heading\">\(text.htmlEscaped)</h3>\n"
    }

    private func tableHTML(
        _ view: BaseViewResult, rows: BaseRows, inlined: inout [InlinedImage], diagnostics: inout [Diagnostic]
    ) -> String {
        var html = "<div class=\"base-table-scroll\">\n<table class=\"base-table\">\n<thead>\n<tr>"
        for column in view.columns {
            html += "<th scope=\"col\">\(column.displayName.htmlEscaped)</th>"
        }
        html += "</tr>\n</thead>\n"
        for group in view.groups {
            html += "<tbody>\n"
            if view.view.groupBy != nil {
                let text = group.key.isEmpty ? strings["base_none"] : group.key.displayText
                html +=
                    "<tr class=\"base-group-row\"><th scope=\"rowgroup\" colspan=\"\(max(1, view.columns.count))\">"
                    + "\(text.htmlEscaped)</th></tr>\n"
            }
            for row in group.rows {
                html += "<tr>"
                for (index, cell) in row.cells.enumerated() {
                    let sort = Self.sortKey(cell.value).map { " data-sort=\"\($0)\"" } ?? ""
                    let content = cellHTML(
                        cell, column: view.columns[index], row: row, rows: rows, place: view.view.location,
                        inlined: &inlined, diagnostics: &diagnostics)
                    html += "<td\(sort)>\(content)</td>"
                }
                html += "</tr>\n"
            }
            // Each group's own summaries close its rows, as Obsidian draws them.
            if view.view.groupBy != nil, !group.summaries.isEmpty {
                html += "<tr class=\"base-group-summary\">"
                html += summaryCells(group.summaries, columns: view.columns.count) + "</tr>\n"
            }
            html += "</tbody>\n"
        }
        if !view.summaries.isEmpty {
            html += "<tfoot>\n<tr>" + summaryCells(view.summaries, columns: view.columns.count)
            html += "</tr>\n</tfoot>\n"
        }
        return html + "</table>\n</div>\n"
    }

    /// One cell per column: the summary's name and value where the column has one.
    private func summaryCells(_ summaries: [BaseSummaryValue], columns: Int) -> String {
        var html = ""
        for index in 0..<columns {
            if let summary = summaries.first(where: { $0.column == index }) {
                // A summary Obsidian builds in is named in the site's language; a base's own as written.
                let name =
                    BaseSummary(rawValue: summary.name) != nil
                    ? strings["summary_" + summary.name.lowercased()] : summary.name
                html +=
                    "<td><span class=\"base-summary-name\">\(name.htmlEscaped)</span> "
                    + "\(summary.value.text.htmlEscaped)</td>"
            } else {
                html += "<td></td>"
            }
        }
        return html
    }

    private func cardHTML(
        _ row: BaseResultRow, view: BaseViewResult, rows: BaseRows, inlined: inout [InlinedImage],
        diagnostics: inout [Diagnostic]
    ) -> String {
        let note = rows.notes[row.path]
        var html = "<li class=\"base-card\">\n"
        if let picture = cardImage(row, note: note, inlined: &inlined, diagnostics: &diagnostics) {
            html += "<div class=\"base-card-image\">\(picture)</div>\n"
        }
        html += "<div class=\"base-card-body\">\n"
        let title = note?.title ?? row.path
        if let note {
            let href = urls.href(from: pagePath, to: note.pagePath)
            html +=
                "<p class=\"base-card-title\"><a href=\"\(href.htmlEscaped)\">\(title.htmlEscaped)</a></p>\n"
        } else {
            html += "<p class=\"base-card-title\">\(title.htmlEscaped)</p>\n"
        }
        var fields = ""
        for (index, cell) in row.cells.enumerated() where !cell.value.isEmpty {
            let column = view.columns[index]
            if column.property == .file("name") { continue }
            let content = cellHTML(
                cell, column: column, row: row, rows: rows, place: view.view.location, inlined: &inlined,
                diagnostics: &diagnostics)
            fields += "<dt>\(column.displayName.htmlEscaped)</dt><dd>\(content)</dd>\n"
        }
        if !fields.isEmpty { html += "<dl>\n\(fields)</dl>\n" }
        return html + "</div>\n</li>\n"
    }

    /// The card's picture: the view's image property when it names an image (a web address, or a
    /// vault image the note shows), else the note's first image, inlined as the page's images are.
    private func cardImage(
        _ row: BaseResultRow, note: ResolvedNote?, inlined: inout [InlinedImage],
        diagnostics: inout [Diagnostic]
    ) -> String? {
        var named: String?
        switch row.image {
        case .string(let text)?: named = text
        case .link(let link)?: named = link.target
        default: break
        }
        if let named {
            let bare =
                named.hasPrefix("[[") && named.hasSuffix("]]")
                ? String(named.dropFirst(2).dropLast(2)) : named
            if bare.hasPrefix("https://") || bare.hasPrefix("http://") {
                return "<img src=\"\(bare.htmlEscaped)\" alt=\"\" loading=\"lazy\">"
            }
            if let note,
                let index = note.document.imageAttachments.firstIndex(where: { image in
                    image.destination == bare || image.destination.hasSuffix("/" + bare)
                })
            {
                return image(index, of: note, inlined: &inlined, diagnostics: &diagnostics)
            }
        }
        guard let note, !note.document.imageAttachments.isEmpty else { return nil }
        return image(0, of: note, inlined: &inlined, diagnostics: &diagnostics)
    }

    private func image(
        _ index: Int, of note: ResolvedNote, inlined: inout [InlinedImage], diagnostics: inout [Diagnostic]
    ) -> String? {
        guard index < note.images.count, case .file = note.images[index] else { return nil }
        var problems: [Diagnostic] = []
        let html = cardImageHTML(index: index, in: note, inlined: &inlined, diagnostics: &problems)
        // The note's own page reports its image's problems.
        return problems.isEmpty ? html : nil
    }

    /// A cell: a link to a note as a link to its page, a file's name as a link to its row's page
    /// (a note's without `.md`),
    /// a list item by item, anything else as text.
    private func cellHTML(
        _ cell: BaseCell, column: BaseColumn, row: BaseResultRow, rows: BaseRows, place: SourceLocation,
        inlined: inout [InlinedImage], diagnostics: inout [Diagnostic]
    ) -> String {
        if case .file(let name) = column.property, ["name", "basename", "path"].contains(name),
            let note = rows.notes[row.path], !cell.text.isEmpty
        {
            let href = urls.href(from: pagePath, to: note.pagePath)
            // A note's name is its link text, as Obsidian shows it: `Dune`, not `Dune.md`.
            let text =
                name == "name" && cell.text.hasSuffix(".md") ? String(cell.text.dropLast(3)) : cell.text
            return "<a href=\"\(href.htmlEscaped)\">\(text.htmlEscaped)</a>"
        }
        var context = CellContext(place: place, inlined: inlined, diagnostics: diagnostics)
        defer { (inlined, diagnostics) = (context.inlined, context.diagnostics) }
        return valueHTML(cell.value, rows: rows, context: &context)
    }

    /// What writing a cell adds to the page: inlined images, and warnings at the view's place.
    private struct CellContext {
        var place: SourceLocation
        var inlined: [InlinedImage]
        var diagnostics: [Diagnostic]
    }

    private func valueHTML(_ value: BaseValue, rows: BaseRows, context: inout CellContext) -> String {
        switch value {
        case .link(let link):
            let text = link.display ?? Self.linkText(link.target)
            guard let note = rows.note(named: link.target) else { return text.htmlEscaped }
            let href = urls.href(from: pagePath, to: note.pagePath)
            return "<a href=\"\(href.htmlEscaped)\">\(text.htmlEscaped)</a>"
        case .file(let file):
            guard let note = rows.notes[file.row.path] else { return file.row.path.htmlEscaped }
            let href = urls.href(from: pagePath, to: note.pagePath)
            return "<a href=\"\(href.htmlEscaped)\">\(note.title.htmlEscaped)</a>"
        case .list(let items):
            var parts: [String] = []
            for item in items { parts.append(valueHTML(item, rows: rows, context: &context)) }
            return parts.joined(separator: ", ")
        case .html(let markup):
            // As the author's HTML in a note: through the sanitizer unless the site allows HTML.
            guard !allowHTML else { return markup }
            guard HTMLSanitizer.needsSanitizing(markup) else { return markup.htmlEscaped }
            return sanitizer.sanitize([.authored(markup)], reservedIDs: reservedIDs).html
        case .image(let target):
            return imageHTML(target, context: &context)
        default:
            return value.displayText.htmlEscaped
        }
    }

    /// `image(...)`: a web address as it is; a vault image through the image pipeline, as the
    /// notes that show it have it; anything else a warning and nothing drawn.
    private func imageHTML(_ target: String, context: inout CellContext) -> String {
        if target.hasPrefix("https://") || target.hasPrefix("http://") {
            return "<img class=\"base-image\" src=\"\(target.htmlEscaped)\" alt=\"\" loading=\"lazy\">"
        }
        let path = target.hasPrefix("/") ? String(target.dropFirst()) : target
        // The path itself, else the shortest (then first) path ending in the name, as links resolve.
        let found =
            renditions[ImageRendering.Key(path: path, size: nil)]
            ?? renditions.keys.filter { $0.size == nil && $0.path.hasSuffix("/" + path) }
            .min { ($0.path.utf8.count, $0.path) < ($1.path.utf8.count, $1.path) }
            .flatMap { renditions[$0] }
        guard case .rendition(let rendition)? = found else {
            context.diagnostics.append(
                .warning(
                    "image(): '\(target)' is not an image the site shows (a web address, or a vault image a published note shows)",
                    at: context.place))
            return ""
        }
        let source = source(of: rendition, named: path, inlined: &context.inlined)
        return PageRendering.imageTag(
            rendition, source: source, alt: "", title: "", anchor: nil, strings: strings)
    }

    /// `[[Dune|the book]]` -> `the book`, `[[books/Dune]]` -> `Dune`.
    private static func linkText(_ target: String) -> String {
        var text = target
        if text.hasPrefix("[["), text.hasSuffix("]]") { text = String(text.dropFirst(2).dropLast(2)) }
        if let bar = text.firstIndex(of: "|") { return String(text[text.index(after: bar)...]) }
        return PageKind.stem(of: text.split(separator: "/").last.map(String.init) ?? text)
    }

    /// What `bases.js` sorts a cell by when its text would sort wrongly: numbers and dates.
    static func sortKey(_ value: BaseValue) -> String? {
        switch value {
        case .number(let number) where number.isFinite: return String(number)
        case .date(let date): return String(date.milliseconds)
        case .duration(let duration): return String(duration.milliseconds)
        default: return nil
        }
    }
}
