/// What one rendition is encoded as.
enum OutputFormat: Hashable {
    case jpeg
    case png(palette: Bool)
    case webp(lossless: Bool)
    case avif

    var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .avif: "image/avif"
        }
    }

    var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .avif: "AVIF"
        }
    }

    /// The encoder quality for this format under `settings` (a setting applies to every lossy format).
    /// PNG is lossless: libimagequant's ceiling, 100, keeps every colour of a palette image.
    func quality(_ settings: ImageSettings) -> Int32 {
        if case .png = self { return 100 }
        if let quality = settings.quality { return Int32(quality) }
        switch self {
        case .jpeg: return Int32(ImageFormatPolicy.defaultQuality(for: .jpeg))
        case .png: return 100
        case .webp: return Int32(ImageFormatPolicy.defaultQuality(for: .webp))
        case .avif: return Int32(ImageFormatPolicy.defaultQuality(for: .avif))
        }
    }
}
