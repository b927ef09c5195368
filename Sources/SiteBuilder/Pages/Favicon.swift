import Foundation
import NoteModel

/// The `favicon` setting's file, read from the vault by Scan and published at the site's root as
/// `favicon.<ext>` (where browsers also look by themselves), linked from every page with its type.
struct Favicon: Sendable, Hashable {
    /// The extensions a browser accepts as a page icon, with the type the `<link>` names.
    static let types = ["ico": "image/x-icon", "png": "image/png", "svg": "image/svg+xml"]

    var data: Data
    var mimeType: String
    /// `favicon.png`, at the site's root.
    var sitePath: String

    static func mimeType(of path: String) -> String? {
        types[(path as NSString).pathExtension.lowercased()]
    }

    static func sitePath(of path: String) -> String {
        "favicon." + (path as NSString).pathExtension.lowercased()
    }

    /// The configured icon, or the error naming the setting when its file is not in the vault.
    static func read(_ configuration: SiteConfiguration, from vault: Vault) -> (Favicon?, Diagnostic?) {
        guard let path = configuration.favicon, let mimeType = mimeType(of: path) else { return (nil, nil) }
        let place =
            configuration.faviconLocation
            ?? SourceLocation(file: SiteConfiguration.fileName, line: 1, column: 1)
        guard vault.entries[path] != nil else {
            let message = "'favicon' names '\(path)', which is not a file in the vault (or is excluded)"
            return (nil, .error(message, at: place))
        }
        do {
            let data = try vault.contents(of: path)
            return (Favicon(data: data, mimeType: mimeType, sitePath: sitePath(of: path)), nil)
        } catch {
            return (nil, .error("'favicon' names '\(path)', which \(error.reason)", at: place))
        }
    }
}
