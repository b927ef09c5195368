import Foundation
import ImagePipeline
import NoteModel

/// The image stage: every distinct local image is made once, however many notes show it.
enum ImageRendering {
    enum Outcome: Sendable {
        case rendition(ImageRendition)
        case notFound
        case failed(ImageError)

        var isRendition: Bool {
            if case .rendition = self { return true }
            return false
        }
    }

    typealias Renditions = [String: Outcome]

    /// The vault-relative paths of every local image the notes reference, without repeats.
    static func localImages(in notes: [ParsedNote]) -> [String] {
        var seen: Set<String> = []
        var paths: [String] = []
        for note in notes {
            for image in note.document.imageAttachments {
                if case .local(let path) = ImageReference(destination: image.destination, fromNote: note.path),
                    seen.insert(path).inserted
                {
                    paths.append(path)
                }
            }
        }
        return paths
    }

    static func render(
        _ paths: [String], in vault: Vault, settings: ImageSettings, jobs: Int
    ) async -> Renditions {
        let results = await concurrentMap(paths, limit: jobs) { path -> Outcome in
            let url = vault.url(for: path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
                !isFolder.boolValue
            else {
                return .notFound
            }
            do throws(ImageError) {
                return .rendition(try ImageProcessor.render(fileAt: url.path, settings: settings))
            } catch {
                return .failed(error)
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(paths, results))
    }
}
