import Foundation

/// The shared test corpora, read in place from `../shared/corpora` beside the package root.
enum Corpus {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ImagePipelineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("../shared/corpora/images")
        .standardizedFileURL

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    /// Under CI the corpora must be there; elsewhere (a user's clone) their tests skip.
    static var mustBePresent: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    static let skipMessage = "shared corpora not found at \(root.path); corpus tests skipped"

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// File names in a corpus folder (sorted), or none when the corpora are absent.
    static func files(in folder: String, extensions: Set<String>? = nil) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
        return names.filter { name in
            guard let extensions else { return !name.hasPrefix("LICENSE") && !name.hasSuffix("README") }
            return extensions.contains((name as NSString).pathExtension.lowercased())
        }.sorted()
    }
}
