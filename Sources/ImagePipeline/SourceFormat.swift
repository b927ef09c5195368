/// The image formats notesite accepts, as libvips detects them from the file's bytes.
enum SourceFormat: Hashable {
    case jpeg, png, webp, gif, heif, tiff, svg

    /// Maps a libvips loader nickname ("jpegload_buffer") to a format; nil for any loader
    /// outside the allowlist (ImageMagick, PDF, FITS, ...), which are refused.
    init?(loaderNickname: String) {
        guard let name = loaderNickname.split(separator: "load").first else { return nil }
        switch name {
        case "jpeg": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        case "gif": self = .gif
        case "heif": self = .heif
        case "tiff": self = .tiff
        case "svg": self = .svg
        default: return nil
        }
    }

    /// How the format is named in messages.
    var name: String {
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
    static let acceptedList = "JPEG, PNG, WebP, GIF, AVIF, HEIC, TIFF or SVG"

    /// Names a refused libvips loader in words a person knows.
    static func describe(loaderNickname: String) -> String {
        let base = loaderNickname.split(separator: "load").first.map(String.init) ?? loaderNickname
        switch base {
        case "magick": return "BMP, ICO or another ImageMagick format"
        case "pdf": return "PDF"
        case "jp2k": return "JPEG 2000"
        case "jxl": return "JPEG XL"
        case "ppm": return "PPM"
        default: return base
        }
    }
}
