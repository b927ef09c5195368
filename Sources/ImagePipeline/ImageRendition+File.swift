internal import ContentDigest
public import Foundation

extension ImageRendition {
    /// A name for the rendition published as a file (`inline: auto`/`never`, `preview_width`):
    /// named by content, so the same bytes are written once and a changed image gets a new name
    /// (browsers may cache it forever).
    public var fileName: String {
        String(SHA256.hex(data).prefix(20)) + "." + fileExtension
    }

    public var fileExtension: String {
        switch mimeType {
        case "image/jpeg": "jpg"
        case "image/svg+xml": "svg"
        default: mimeType.hasPrefix("image/") ? String(mimeType.dropFirst("image/".count)) : "bin"
        }
    }
}
