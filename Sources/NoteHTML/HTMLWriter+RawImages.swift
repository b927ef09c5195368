import NoteModel

/// Raw HTML `<img>` tags the notes syntax made images of (see ``RawHTMLImage``): kept HTML has
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
        let ordered = images.filter { imageAttachments.indices.contains($0) }.sorted {
            (imageAttachments[$0].html?.tag.lowerBound ?? 0)
                < (imageAttachments[$1].html?.tag.lowerBound ?? 0)
        }
        for index in ordered {
            let image = imageAttachments[index]
            guard let tag = image.html?.tag, tag.lowerBound >= offset, tag.upperBound <= bytes.count,
                let replacement = hook(index, image, altText(ofImage: index))
            else { continue }
            output += bytes[offset..<tag.lowerBound]
            output += Array(replacement.utf8)
            offset = tag.upperBound
        }
        output += bytes[offset...]
        return String(decoding: output, as: UTF8.self)
    }
}
