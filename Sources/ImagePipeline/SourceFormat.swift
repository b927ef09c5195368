/// The image formats notesite accepts, recognised from the file's first bytes (never its name);
/// see `SourceFormat.recognise(bytes:)`.
public enum SourceFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, webp, gif, heif, tiff, svg

    /// How the format is named in messages.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .gif: "GIF"
        case .heif: "AVIF/HEIC"
        case .tiff: "TIFF"
        case .svg: "SVG"
        }
    }

    /// The list given when a file is refused.
    public static let acceptedList = "JPEG, PNG, WebP, GIF, AVIF, HEIC, TIFF or SVG"
}
