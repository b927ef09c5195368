import Foundation
import HTMLText
import NoteModel

/// One embed being placed: a note, and the block its part starts at (nil: the whole note).
struct EmbedFrame: Sendable, Hashable {
    let path: String
    let block: Int?
    /// How a message names it: `Note.md` or `Note.md#Heading`.
    let name: String
}

/// How many more notes one page may place: shared by a page and everything embedded in it, as
/// eight levels of a note embedding the next four times would otherwise be 65,536 placings.
/// One per page render, never shared between tasks.
final class EmbedBudget {
    var remaining = PageBody.maxEmbedsPerPage
    /// Whether running out has been reported (once a page).
    var reported = false
}

@available(*, unavailable) extension EmbedBudget: Sendable {}

/// Embeds `![[Note]]`, `![[Note#Heading]]`, `![[#^id]]`: the note's part placed in the page, its
/// ids prefixed so none repeats. A cycle (the same note and part already being placed) and an
/// embed nested deeper than ``maxEmbedDepth`` are warned about and shown as a marker linking
/// to the note: the build goes on and never recurses.
extension PageBody {
    /// Deep enough for any note written by hand; bounds the work a chain of embeds can ask for.
    static let maxEmbedDepth = 8
    /// More than any page written by hand shows.
    static let maxEmbedsPerPage = 1000

    func embedHTML(
        _ link: WikiLink, in note: ResolvedNote, embedding: [EmbedFrame], idPrefix: String, placed: inout Int,
        budget: EmbedBudget, diagnostics: inout [Diagnostic], inlined: inout [InlinedImage]
    ) -> String? {
        switch note.links.embeds[NoteLinks.key(link.target, link.fragment)] {
        case nil:
            return nil
        case .file(let path, let href):
            return EmbeddedFile.html(for: path, href: rebased(href, from: note.pagePath))
        case .note(let path, let heading, let block):
            guard let target = notes[path] else { return nil }
            let frame = EmbedFrame(
                path: path, block: block, name: path + (block == nil ? "" : "#" + (heading ?? "")))
            // `Sidebar > Open hidden sidebars > Mobile`, as Obsidian titles a heading path.
            let parts = heading.map { $0.split(separator: "#").joined(separator: " > ") }
            let title = parts.map { "\(target.title) > \($0)" } ?? target.title
            let href = urls.href(from: pagePath, to: target.pagePath)
            if target.source.isProtectedStub {
                // A protected note is never placed: a locked placeholder links to it.
                return
                    "<div class=\"embed embed-protected\">\n<p class=\"embed-title\"><a href=\"\(href.htmlEscaped)\">"
                    + "\(target.title.htmlEscaped)</a></p>\n<p class=\"embed-reason\">\(strings["protect_embedded"].htmlEscaped)</p>\n</div>\n"
            }
            if let earlier = embedding.firstIndex(where: { $0.path == path && $0.block == block }) {
                let chain = (embedding[earlier...].map(\.name) + [frame.name]).joined(separator: " -> ")
                diagnostics.append(.warning("embed cycle: \(chain); shown as a link", at: link.location))
                return marker(path: path, title: title, href: href, reason: strings["embedded_in_itself"])
            }
            if heading?.isEmpty == false, block == nil {
                // Already reported: the fragment finds nothing there.
                return marker(path: path, title: title, href: href, reason: strings["no_such_part"])
            }
            if embedding.count > Self.maxEmbedDepth {
                diagnostics.append(
                    .warning(
                        "embeds nested more than \(Self.maxEmbedDepth) deep; '\(frame.name)' shown as a link",
                        at: link.location))
                return marker(path: path, title: title, href: href, reason: strings["nested_too_deep"])
            }
            guard budget.remaining > 0 else {
                if !budget.reported {
                    budget.reported = true
                    diagnostics.append(
                        .warning(
                            "more than \(Self.maxEmbedsPerPage) embeds in one page; '\(frame.name)' and the rest shown as links",
                            at: link.location))
                }
                return marker(
                    path: path, title: title, href: href, reason: strings["too_many_embeds"])
            }
            budget.remaining -= 1
            placed += 1
            let (inner, problems, images) = html(
                for: target, section: block, embedding: embedding + [frame],
                idPrefix: idPrefix + "embed-\(placed)-", budget: budget)
            diagnostics += problems
            inlined += images
            return "<div class=\"embed\" data-note=\"\(path.htmlEscaped)\">\n"
                + "<p class=\"embed-title\"><a href=\"\(href.htmlEscaped)\">\(title.htmlEscaped)</a></p>\n"
                + inner + "</div>\n"
        }
    }

    /// In place of an embed that is not placed: its title, linking to the note, and why.
    func marker(path: String, title: String, href: String, reason: String) -> String {
        "<div class=\"embed embed-skipped\" data-note=\"\(path.htmlEscaped)\">\n"
            + "<p class=\"embed-title\"><a href=\"\(href.htmlEscaped)\">\(title.htmlEscaped)</a></p>\n"
            + "<p class=\"embed-reason\">\(strings.html("not_shown", ["reason": reason.htmlEscaped]))</p>\n</div>\n"
    }

    /// Footnote ids (`fn-1`, `fnref-1`) with `prefix`, for an embedded note: the writer makes
    /// these, and the page may have its own. Links to footnotes get it too, unless the footnotes
    /// are not placed (a section's): then they point at `notesPage`, where they are.
    static func prefixingFootnoteIDs(_ html: String, with prefix: String, notesPage: String?) -> String {
        var replacements = [("id=\"fn-", "id=\"\(prefix)fn-"), ("id=\"fnref-", "id=\"\(prefix)fnref-")]
        if let notesPage {
            replacements.append(("href=\"#fn-", "href=\"\(notesPage.htmlEscaped)#fn-"))
        } else {
            replacements += [
                ("href=\"#fn-", "href=\"#\(prefix)fn-"), ("href=\"#fnref-", "href=\"#\(prefix)fnref-"),
            ]
        }
        var result = html
        for (written, prefixed) in replacements {
            result = result.replacingOccurrences(of: written, with: prefixed)
        }
        return result
    }
}
