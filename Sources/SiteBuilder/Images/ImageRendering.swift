import Foundation
import ImagePipeline
import NoteModel

/// The image stage: every distinct image (a file at one requested size) is made once, however
/// many notes show it, and through the rendition cache, so an unchanged image is never encoded twice.
enum ImageRendering {
    enum Outcome: Sendable, Hashable {
        case rendition(ImageRendition)
        case failed(ImageError)

        var isRendition: Bool {
            if case .rendition = self { return true }
            return false
        }
    }

    /// One rendition to make: a vault file, at the size a reference asked for (`![[x.png|300]]`).
    struct Key: Sendable, Hashable {
        var path: String
        var size: ImageSizeRequest?

        init(path: String, size: ImageSize?) {
            self.path = path
            switch (size?.width, size?.height) {
            case (let width?, let height?): self.size = .box(width: width, height: height)
            case (let width?, nil): self.size = .width(width)
            // Only a height: any width the column allows.
            case (nil, let height?): self.size = .box(width: 16_384, height: height)
            case (nil, nil): self.size = nil
            }
        }
    }

    typealias Renditions = [Key: Outcome]

    /// Every local image the notes show, without repeats, in a stable order.
    static func keys(in notes: [ResolvedNote]) -> [Key] {
        var seen: Set<Key> = []
        var keys: [Key] = []
        for note in notes {
            for (target, image) in zip(note.images, note.document.imageAttachments) {
                guard case .file(let path) = target else { continue }
                let key = Key(path: path, size: image.size)
                if seen.insert(key).inserted { keys.append(key) }
            }
        }
        return keys
    }

    static func render(
        _ keys: [Key], in vault: Vault, settings: ImageSettings, cache: RenditionCache?,
        progress: BuildProgress? = nil, jobs: Int
    ) async -> Renditions {
        let results = await concurrentMap(keys, limit: jobs) { key -> Outcome in
            defer { progress?.advance() }
            var requested = settings
            requested.size = key.size
            // Only files the scan accepted are read, at their real path inside the vault.
            guard let location = vault.location(of: key.path) else {
                return .failed(ImageError(path: key.path, reason: "not a file the vault scan accepted"))
            }
            do throws(ImageError) {
                return .rendition(
                    try ImageProcessor.render(fileAt: location.path, settings: requested, cache: cache))
            } catch {
                return .failed(error)
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(keys, results))
    }

    /// `preview_width`: one larger rendition of each raster image the pages show, by vault path.
    static func previews(
        of renditions: Renditions, width: Int, in vault: Vault, settings: ImageSettings,
        cache: RenditionCache?,
        jobs: Int
    ) async -> [String: ImageRendition] {
        let paths = Set(
            renditions.compactMap { key, outcome -> String? in
                guard case .rendition(let shown) = outcome, shown.mimeType != "image/svg+xml" else {
                    return nil
                }
                return key.path
            }
        ).sorted()
        // The column stays, so the preview's density is its width over the column's.
        var wider = settings
        wider.maxPixelWidth = width
        wider.size = nil
        let larger = wider
        let results = await concurrentMap(paths, limit: jobs) { path -> ImageRendition? in
            guard let location = vault.location(of: path) else { return nil }
            return try? ImageProcessor.render(fileAt: location.path, settings: larger, cache: cache)
        }
        var previews: [String: ImageRendition] = [:]
        for (path, result) in zip(paths, results) { previews[path] = result }
        return previews
    }
}
