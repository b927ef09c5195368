import Foundation
import ImagePipeline
import NoteModel

/// The picture link cards show for a note (`og:image`) when it is a vault image: the note's
/// `image`/`cover` property (``CoverImage``), else, with `social_cards: false`, its first raster
/// image; as a file, since a card cannot read a `data:` URI. Made only with `base_url` (a card needs an absolute URL), at
/// most 1200 pixels wide, as JPEG (PNG when it has transparency), through the rendition cache,
/// stripped of metadata as every rendition is, and named by content under `og/`, so notes
/// sharing a picture share one file.
enum SocialImages {
    static let width = 1200
    static let folder = "og"

    static func path(of rendition: ImageRendition) -> String { folder + "/" + rendition.fileName }

    /// The note's first image that is a raster rendition (an SVG cannot be a card): its vault path
    /// and its attachment's index (for the alt text).
    static func source(of note: ResolvedNote, renditions: ImageRendering.Renditions) -> (
        path: String, index: Int
    )? {
        for (index, (target, image)) in zip(note.images, note.document.imageAttachments).enumerated() {
            guard case .file(let path) = target,
                case .rendition(let shown)? = renditions[ImageRendering.Key(path: path, size: image.size)],
                shown.mimeType != "image/svg+xml"
            else { continue }
            return (path, index)
        }
        return nil
    }

    /// The vault image a note's link card shows: its cover, else (when no card is drawn) its first image.
    static func picture(of note: ResolvedNote, renditions: ImageRendering.Renditions, drawnCards: Bool)
        -> String?
    {
        switch note.cover {
        case .file(let path): return path
        case .url: return nil
        case nil: return drawnCards ? nil : source(of: note, renditions: renditions)?.path
        }
    }

    /// One card rendition per distinct source image the notes show, by vault path.
    static func render(
        for notes: [ResolvedNote], renditions: ImageRendering.Renditions, drawnCards: Bool, in vault: Vault,
        settings: ImageSettings,
        cache: RenditionCache?, jobs: Int
    ) async -> [String: ImageRendition] {
        let paths = Set(notes.compactMap { picture(of: $0, renditions: renditions, drawnCards: drawnCards) })
            .sorted()
        var card = settings
        card.maxPixelWidth = width
        card.columnWidth = width
        card.size = nil
        card.format = .jpeg
        let settings = card
        let results = await concurrentMap(paths, limit: jobs) { path -> ImageRendition? in
            guard let location = vault.location(of: path) else { return nil }
            // An SVG cover cannot be a card picture: the page gets a drawn card or none.
            guard
                let rendition = try? ImageProcessor.render(
                    fileAt: location.path, settings: settings, cache: cache),
                rendition.mimeType != "image/svg+xml"
            else { return nil }
            return rendition
        }
        var images: [String: ImageRendition] = [:]
        for (path, result) in zip(paths, results) { images[path] = result }
        return images
    }
}
