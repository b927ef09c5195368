internal import CShims
internal import CVips
public import Foundation

/// What an image file's header says, read without decoding a pixel.
public struct ImageHeader: Sendable, Hashable {
    public var format: SourceFormat
    /// Size as stored (before any EXIF orientation); for SVG, its intrinsic size.
    public var width: Int
    public var height: Int
    /// Frames of an animation, pages of a document; 1 for a still image.
    public var pageCount: Int
    /// EXIF orientation 1-8 (1 when absent).
    public var orientation: Int

    /// Reads the header of an image held in memory: its format from the magic bytes, then the
    /// size from that format's own loader (or from the SVG root element). Throws the same
    /// errors `ImageProcessor.render` would for a refused or unreadable file; `path` only names
    /// the file in them. Safe to call from many tasks at once.
    public static func read(from data: Data, path: String = "<memory>") throws(ImageError) -> ImageHeader {
        let format = try ImageProcessor.recogniseFormat(of: data, path: path)
        if format == .svg {
            guard let svg = SVGDocument(data: data) else {
                throw ImageError(path: path, reason: "not an SVG document: no <svg> root element found")
            }
            let size = svg.intrinsicSize
            return ImageHeader(
                format: .svg, width: size.width, height: size.height, pageCount: 1, orientation: 1)
        }
        if let failure = VipsRuntime.startupFailure {
            throw ImageError(path: path, reason: failure)
        }
        let header: ImageHeader? = VipsRuntime.shared {
            VipsSourceBytes.lend(data) { bytes in
                guard let bytes, let image = format.open(bytes) else { return nil }
                return ImageHeader(
                    format: format, width: image.width, height: image.height,
                    pageCount: max(1, image.pageCount),
                    orientation: image.orientation)
            }
        }
        guard let header else {
            throw ImageError(
                path: path, reason: "cannot read the \(format.name) header, the file is corrupt or truncated")
        }
        return header
    }
}
