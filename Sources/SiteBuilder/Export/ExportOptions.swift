public import Foundation

/// What `notesite export` was asked to do: the build's own options (vault, strictness, jobs,
/// progress), what to put in the file, and where the file goes.
public struct ExportOptions: Sendable {
    public var build: BuildOptions
    /// A note, a folder inside the vault, or the vault itself.
    public var subject: URL
    /// The file to write; nil when the document goes to stdout (`--output -`), which the vault
    /// cannot hold.
    public var file: URL?
    /// How a link to a note that is not in the file is shown.
    public var outsideLinks: OutsideLinks

    /// A link to a note left out of the file: plain text, or a link to the note on the published
    /// site (`base_url`; plain text when no base URL is set).
    public enum OutsideLinks: String, Sendable, CaseIterable {
        case text
        case site
    }

    public init(build: BuildOptions, subject: URL, file: URL?, outsideLinks: OutsideLinks = .site) {
        self.build = build
        self.subject = subject.standardizedFileURL
        self.file = file?.standardizedFileURL
        self.outsideLinks = outsideLinks
    }

    /// The vault holding `path`: the nearest folder from `path` up that has a `notesite.yml` or
    /// an `.obsidian` folder; else the current folder when `path` is in it; else `path` itself when
    /// it is a folder, or the note's own folder.
    public static func vault(holding path: URL, current: URL) -> URL {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: path.path, isDirectory: &isFolder)
        let own = ((exists && isFolder.boolValue) ? path : path.deletingLastPathComponent())
            .standardizedFileURL
        var folder = own
        while true {
            for marker in ["notesite.yml", ".obsidian"]
            where manager.fileExists(atPath: folder.appendingPathComponent(marker).path) {
                return folder
            }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { break }
            folder = parent
        }
        let here = current.standardizedFileURL.path
        if own.path == here || own.path.hasPrefix(here == "/" ? "/" : here + "/") {
            return current.standardizedFileURL
        }
        return own
    }
}
