import Bases
import CodeHighlighter
import HTMLSanitizer
import HTMLText
import ImagePipeline
import NoteHTML
import NoteModel

/// Writes a note's HTML body from its model: images inlined as `data:` URIs, links and wikilinks
/// pointed at pages, tags at tag pages, and embedded notes placed (see `PageBody+Embeds.swift`).
struct PageBody {
    let notes: [String: ResolvedNote]
    let renditions: ImageRendering.Renditions
    var publishing = ImagePublishing()
    let allowHTML: Bool
    /// What reads the author's HTML when `allowHTML` is off (``sanitized(_:of:document:rebase:diagnostics:)``).
    var sanitizer = HTMLSanitizer()
    /// Ids the page's template and scripts use, which the author's HTML must not take.
    var reservedIDs: Set<String> = []
    let urls: URLStyle
    /// The page the HTML is for: an embedded note's links are made relative to it.
    let pagePath: String
    /// Highlighted code blocks; nil writes code as cmark does.
    var highlights: Highlights?
    /// The rows bases list, when the page shows a base (``BaseHTML``).
    var bases: BaseRows?
    /// The note a base sees as `this`: the page's note (nil on a base's own page).
    var thisNote: ResolvedNote?
    /// The clock of bases' `now()` and `today()`: the build's.
    var now = BaseDate(milliseconds: 0)
    /// The words the body shows of its own (image previews, embeds not placed, notices), in the
    /// site's language.
    var strings = InterfaceStrings.english

    /// `section` is the block the part of the note to write starts at (nil: all of it, see
    /// ``NoteDocument/section(at:)``); `embedding` lists the embeds being placed, outermost first
    /// and this one last (empty for the page's own note), to catch cycles; `idPrefix` is given to
    /// every id of an embedded note, so the page has no id twice; `budget` counts the embeds the
    /// page may still place (a new one for the page's own note). `inlined` lists every image the
    /// HTML carries as a `data:` URI, embedded notes' too.
    func html(
        for note: ResolvedNote, section: Int? = nil, embedding: [EmbedFrame] = [], idPrefix: String = "",
        budget: EmbedBudget? = nil
    ) -> (html: String, diagnostics: [Diagnostic], inlined: [InlinedImage]) {
        let (bytes, diagnostics, inlined, _) = utf8(
            for: note, section: section, embedding: embedding, idPrefix: idPrefix, budget: budget)
        let html = String(decoding: bytes, as: UTF8.self)
        guard !idPrefix.isEmpty else { return (html, diagnostics, inlined) }
        // A section's footnotes stay at the end of its note: its references point there.
        let notesPage = section == nil ? nil : urls.href(from: pagePath, to: note.pagePath)
        return (Self.prefixingFootnoteIDs(html, with: idPrefix, notesPage: notesPage), diagnostics, inlined)
    }

    /// ``html(for:section:embedding:idPrefix:budget:)``'s UTF-8 before footnote ids get
    /// `idPrefix`: the page's own note (no prefix) goes into the page as bytes. `features`: what
    /// the HTML needs loaded (``HTMLFeatures``). `blocks`: only these of the note's blocks (one
    /// node of a board); a board without them is drawn whole (``canvasUTF8(for:page:embedding:idPrefix:budget:)``).
    func utf8(
        for note: ResolvedNote, section: Int? = nil, blocks: [Range<Int>]? = nil,
        embedding: [EmbedFrame] = [],
        idPrefix: String = "", budget: EmbedBudget? = nil
    ) -> (html: [UInt8], diagnostics: [Diagnostic], inlined: [InlinedImage], features: HTMLFeatures) {
        let budget = budget ?? EmbedBudget()
        if blocks == nil, case .canvas(let page) = note.source.content {
            return canvasUTF8(for: note, page: page, embedding: embedding, idPrefix: idPrefix, budget: budget)
        }
        if case .base(let page) = note.source.content {
            return baseUTF8(for: note, page: page, section: section, embedded: !embedding.isEmpty)
        }
        var diagnostics: [Diagnostic] = []
        var inlined: [InlinedImage] = []
        let linked = note.document.linkedImageIndices
        var writer = HTMLWriter(unsafe: allowHTML, tagFilter: true) { index, image, alt in
            imageHTML(
                index: index, image: image, alt: alt, in: note, linked: linked, idPrefix: idPrefix,
                diagnostics: &diagnostics, inlined: &inlined)
        }
        writer.footnoteBackLabel = strings["back_to_content"]
        // Links were resolved from the note's own page; an embedded note's are re-aimed at this
        // page, and its links to its own headings at its own page (its ids here carry a prefix).
        let rebase = { (href: String) -> String in
            if note.pagePath == pagePath { return href }
            if href.hasPrefix("#") { return urls.href(from: pagePath, to: note.pagePath) + href }
            return rebased(href, from: note.pagePath)
        }
        writer.linkHook = { note.links.hrefs[$0].map(rebase) }
        writer.wikilinkHook = { target, fragment in
            note.links.wikiHrefs[NoteLinks.key(target, fragment)].map(rebase)
        }
        writer.tagHook = { tag in urls.href(from: pagePath, to: TagPages.pagePath(for: tag)) }
        writer.diagrams = true
        writer.codeHook = highlights.map { found in { found.append(info: $0, code: $1, to: &$2) } }
        if bases != nil, note.source.showsBase {
            // A ```base block is its views, its problems placed at the block's lines in the note.
            let code = writer.codeHook
            writer.codeHook = { info, literal, html in
                guard BaseHTML.isBaseBlock(info) else { return code?(info, literal, &html) ?? false }
                let fence = note.document.blocks.first { block in
                    guard case .codeBlock(let blockInfo, let text) = block.kind else { return false }
                    return text == literal && BaseHTML.isBaseBlock(blockInfo)
                }
                let base = BaseFile.parse(
                    literal, file: note.source.displayName, lineOffset: fence?.start?.line ?? 0)
                html += baseHTML(base, viewName: nil, diagnostics: &diagnostics, inlined: &inlined).utf8
                return true
            }
        }
        // The page's own note is the stack's first frame; an embed's caller has pushed its frame.
        let stack =
            embedding.isEmpty ? [EmbedFrame(path: note.path, block: section, name: note.path)] : embedding
        var placed = 0
        writer.embedHook = { link in
            embedHTML(
                link, in: note, embedding: stack, idPrefix: idPrefix, placed: &placed, budget: budget,
                diagnostics: &diagnostics, inlined: &inlined)
        }
        var document =
            section.map { note.document.section(at: $0) } ?? blocks.map { note.document.keeping($0) }
            ?? note.document
        if !idPrefix.isEmpty { document = document.prefixingIDs(with: idPrefix) }
        writer.marksAuthoredHTML = !allowHTML
        let output = writer.renderOutput(document)
        let html =
            sanitized(output, of: note, document: document, rebase: rebase, diagnostics: &diagnostics)
            ?? output.html
        return (html, diagnostics, inlined, output.features)
    }

    /// Where the page loads a rendition from: its `data:` URI (recorded in `inlined`), or its
    /// file relative to this page.
    func source(
        of rendition: ImageRendition, named name: String, inlined: inout [InlinedImage]
    ) -> String {
        guard publishing.inlines(rendition) else {
            return urls.href(from: pagePath, to: ImagePublishing.path(of: rendition))
        }
        inlined.append(InlinedImage(name: name, bytes: ImagePublishing.inlinedBytes(rendition)))
        return rendition.dataURI
    }

    /// A card's picture: the note's image `index` as the note's page shows it, without the zoom
    /// (the card links to the note; its anchor's id would repeat in each view).
    func cardImageHTML(
        index: Int, in note: ResolvedNote, inlined: inout [InlinedImage], diagnostics: inout [Diagnostic]
    ) -> String? {
        imageHTML(
            index: index, image: note.document.imageAttachments[index], alt: note.title, in: note,
            linked: [index], idPrefix: "", diagnostics: &diagnostics, inlined: &inlined)
    }

    private func imageHTML(
        index: Int, image: ImageAttachment, alt: String, in note: ResolvedNote, linked: Set<Int>,
        idPrefix: String, diagnostics: inout [Diagnostic], inlined: inout [InlinedImage]
    ) -> String? {
        guard index < note.images.count else {
            diagnostics.append(.error("image '\(image.destination)' was not looked up", at: image.location))
            return PageRendering.missing(image.destination, strings: strings)
        }
        switch note.images[index] {
        case .remote:
            // The author's own `<img>` stays as written; a Markdown image of a web page becomes
            // its player, card or link.
            guard image.html == nil else { return nil }
            return WebEmbed(address: image.destination)?.html(
                address: image.destination, alt: alt, title: image.title, linked: linked.contains(index),
                strings: strings)
        case .unresolved:
            return PageRendering.missing(image.destination, strings: strings)
        case .file(let path):
            switch renditions[ImageRendering.Key(path: path, size: image.size)] {
            case .rendition(let rendition) where allowHTML && image.html != nil:
                // Kept raw HTML: the author's own tag, pointed at the rendition.
                var extra: [(String, String)] = []
                if image.html?.has("width") != true && image.html?.has("height") != true {
                    extra = [("width", "\(rendition.cssWidth)"), ("height", "\(rendition.cssHeight)")]
                }
                extra.append(("decoding", "async"))
                return image.html?.rewritten(
                    source: source(of: rendition, named: image.destination, inlined: &inlined), adding: extra)
            case .rendition(let rendition):
                let anchor = PageRendering.imageAnchor(
                    index: index, notePath: note.path, embedded: note.pagePath != pagePath, linked: linked
                ).map { idPrefix + $0 }
                let preview = publishing.preview(for: path, shown: rendition).map {
                    urls.href(from: pagePath, to: ImagePublishing.path(of: $0))
                }
                return PageRendering.imageTag(
                    rendition, source: source(of: rendition, named: image.destination, inlined: &inlined),
                    previewSource: preview, alt: alt, title: image.title, anchor: anchor, strings: strings)
            case .failed(let error):
                let message = "cannot use image '\(image.destination)': \(error.reason)"
                diagnostics.append(.error(message, at: image.location))
                return PageRendering.missing(image.destination, strings: strings)
            case nil:
                diagnostics.append(
                    .error("image '\(image.destination)' was not processed", at: image.location))
                return PageRendering.missing(image.destination, strings: strings)
            }
        }
    }

    /// An href written for `source`'s page, re-aimed from this page.
    func rebased(_ href: String, from source: String) -> String {
        if source == pagePath || href.contains("://") { return href }
        let (path, fragment) =
            href.firstIndex(of: "#").map { (String(href[..<$0]), String(href[$0...])) } ?? (href, "")
        // Undo the relative steps from the source page, then make it relative to this page.
        let absolute = Resolver.normalize(
            path, under: source.split(separator: "/").dropLast().joined(separator: "/"))
        guard let absolute else { return href }
        let target = path.hasSuffix("/") ? absolute + "/index.html" : absolute
        return urls.href(from: pagePath, to: target) + fragment
    }
}

/// One image a page carries inline, for the page budget warning.
struct InlinedImage: Sendable, Hashable {
    /// As the note wrote it.
    var name: String
    /// Its `data:` URI's length.
    var bytes: Int
}
