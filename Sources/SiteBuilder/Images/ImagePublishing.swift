import Foundation
import ImagePipeline

/// Decides, per rendition, whether a page inlines it or links to it as a file, and lists the
/// files to publish: each distinct rendition once under `images/`, named by its content.
struct ImagePublishing: Sendable {
    var inlining = ImageInlining.always
    var inlineMaxBytes = 100_000
    /// Larger renditions for the preview (`preview_width`), by vault path.
    var previews: [String: ImageRendition] = [:]
    /// Link-card pictures (``SocialImages``), by vault path.
    var social: [String: ImageRendition] = [:]
    /// Drawn social cards (``SocialCards``), by site path.
    var cards: [String: ImageRendition] = [:]

    static let folder = "images"

    func inlines(_ rendition: ImageRendition) -> Bool {
        switch inlining {
        case .always: true
        case .never: false
        case .auto: rendition.data.count < inlineMaxBytes
        }
    }

    /// The site path of a rendition published as a file.
    static func path(of rendition: ImageRendition) -> String { folder + "/" + rendition.fileName }

    /// The preview rendition for an image, when it is worth loading: a raster image with more
    /// pixels than the one on the page.
    func preview(for path: String, shown: ImageRendition) -> ImageRendition? {
        guard let preview = previews[path], shown.mimeType != "image/svg+xml",
            preview.pixelWidth > shown.pixelWidth
        else { return nil }
        return preview
    }

    /// Every file to publish: the renditions pages do not inline, the previews worth loading and
    /// the link-card pictures and drawn cards.
    func files(for renditions: ImageRendering.Renditions) -> [String: Data] {
        var files: [String: Data] = [:]
        for (key, outcome) in renditions {
            guard case .rendition(let rendition) = outcome else { continue }
            if !inlines(rendition) { files[Self.path(of: rendition)] = rendition.data }
            if let preview = preview(for: key.path, shown: rendition) {
                files[Self.path(of: preview)] = preview.data
            }
        }
        for card in social.values { files[SocialImages.path(of: card)] = card.data }
        for (path, card) in cards { files[path] = card.data }
        return files
    }

    /// Bytes a rendition adds to a page when inlined: the base64 `data:` URI.
    static func inlinedBytes(_ rendition: ImageRendition) -> Int {
        "data:\(rendition.mimeType);base64,".utf8.count + (rendition.data.count + 2) / 3 * 4
    }
}
