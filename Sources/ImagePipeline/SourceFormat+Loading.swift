internal import CShims
internal import CVips

extension SourceFormat {
    /// The libvips loader for this format, called by name; nil for SVG, which never goes
    /// through libvips.
    var loader: NotesiteLoader? {
        switch self {
        case .jpeg: NOTESITE_LOADER_JPEG
        case .png: NOTESITE_LOADER_PNG
        case .webp: NOTESITE_LOADER_WEBP
        case .gif: NOTESITE_LOADER_GIF
        case .heif: NOTESITE_LOADER_HEIF
        case .tiff: NOTESITE_LOADER_TIFF
        case .svg: nil
        }
    }

    /// The media type of a file in this format, for a source kept as it is.
    var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .heif: "image/heif"
        case .tiff: "image/tiff"
        case .svg: "image/svg+xml"
        }
    }

    /// Opens bytes in this format with its own loader (pixels are decoded on demand, top to
    /// bottom). The bytes must outlive the image. nil on error (or for SVG).
    func open(_ bytes: VipsSourceBytes, options: NotesiteLoadOptions = .header) -> VipsImageRef? {
        guard let loader else { return nil }
        return VipsImageRef.loaded(from: bytes, by: loader, options: options)
    }
}

extension NotesiteLoadOptions {
    /// For reading the header: the first frame, no shrink, lenient (no pixels are read).
    static let header = NotesiteLoadOptions(fail_on_error: 0, all_pages: 0, jpeg_shrink: 1, webp_scale: 1)
}
