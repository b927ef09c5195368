import Foundation
import ImagePipeline
import NoteModel

/// The image stage: every distinct local image is made once, however many notes show it.
enum ImageRendering {
    enum Outcome: Sendable {
        case rendition(ImageRendition)
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
            for case .file(let path) in note.images where seen.insert(path).inserted {
                paths.append(path)
            }
        }
        return paths
    }

    static func render(
        _ paths: [String], in vault: Vault, settings: ImageSettings, jobs: Int
    ) async -> Renditions {
        let results = await concurrentMap(paths, limit: jobs) { path -> Outcome in
            do throws(ImageError) {
                return .rendition(
                    try ImageProcessor.render(fileAt: vault.url(for: path).path, settings: settings))
            } catch {
                return .failed(error)
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(paths, results))
    }
}
