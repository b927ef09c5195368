/// What a rendition is encoded as: each web format keeps its own; formats browsers cannot
/// show everywhere (TIFF, HEIC; AVIF for consistency) become JPEG, or PNG when they have alpha.
enum OutputFormat: Hashable {
    case jpeg, png, webp

    static let jpegQuality: Int32 = 82
    static let webpQuality: Int32 = 82

    init(source: SourceFormat, hasAlpha: Bool) {
        switch source {
        case .jpeg: self = .jpeg
        case .png: self = .png
        case .webp: self = .webp
        case .gif, .heif, .tiff, .svg: self = hasAlpha ? .png : .jpeg
        }
    }

    var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        }
    }

    var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        }
    }
}
