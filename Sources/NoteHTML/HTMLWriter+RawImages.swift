import NoteModel

/// Raw HTML `<img>` tags Obsidian syntax made images of (see ``RawHTMLImage``): kept HTML has
/// each tag replaced by the image hook's HTML; omitted HTML still shows its images.
extension AttributedText {
    /// The attachments inside each raw HTML span, by span.
    var rawHTMLImages: [Int: [Int]] {
        var found: [Int: [Int]] = [:]
        for run in runs {
            guard let index = run.attachment, let span = run.span, spans.indices.contains(span),
                spans[span].kind == .html
            else { continue }
            found[span, default: []].append(index)
        }
        return found
    }

    /// The attachments of an HTML block's content, in order.
    var attachmentIndices: [Int] { runs.compactMap(\.attachment) }
}

extension NoteDocument {
    /// `html` with the tags of `images` replaced by what `hook` writes for them; a tag the hook
    /// leaves (or without a hook) stays as written.
    func splicingImages(
        into html: some StringProtocol, images: [Int], hook: HTMLWriter.ImageHook?
    ) -> String {
        guard let hook, !images.isEmpty else { return String(html) }
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        var offset = 0
        for (tag, replacement) in imageSplices(in: bytes.count, images: images, hook: hook) {
            output += bytes[offset..<tag.lowerBound]
            output += Array(replacement.utf8)
            offset = tag.upperBound
        }
        output += bytes[offset...]
        return String(decoding: output, as: UTF8.self)
    }

    /// `html` written as the author's (``HTMLOutput/appendAuthored(_:)``), with the tags of
    /// `images` replaced by what `hook` writes for them as the writer's own: an image's inlined
    /// `data:` URI is never read again as the author's HTML.
    func appendAuthored(
        _ html: some StringProtocol, images: [Int], hook: HTMLWriter.ImageHook?, to output: inout HTMLOutput
    ) {
        guard let hook, !images.isEmpty else {
            output.appendAuthored(html.utf8)
            return
        }
        let bytes = Array(html.utf8)
        var offset = 0
        for (tag, replacement) in imageSplices(in: bytes.count, images: images, hook: hook) {
            output.appendAuthored(bytes[offset..<tag.lowerBound])
            output.appendRaw(replacement)
            offset = tag.upperBound
        }
        output.appendAuthored(bytes[offset...])
    }

    /// Each image's tag in HTML of `count` bytes with the hook's HTML for it, in order.
    private func imageSplices(
        in count: Int, images: [Int], hook: HTMLWriter.ImageHook
    ) -> [(tag: Range<Int>, html: String)] {
        let ordered = images.filter { imageAttachments.indices.contains($0) }.sorted {
            (imageAttachments[$0].html?.tag.lowerBound ?? 0)
                < (imageAttachments[$1].html?.tag.lowerBound ?? 0)
        }
        var offset = 0
        var splices: [(tag: Range<Int>, html: String)] = []
        for index in ordered {
            let image = imageAttachments[index]
            guard let tag = image.html?.tag, tag.lowerBound >= offset, tag.upperBound <= count,
                let replacement = hook(index, image, altText(ofImage: index))
            else { continue }
            splices.append((tag, replacement))
            offset = tag.upperBound
        }
        return splices
    }
}
