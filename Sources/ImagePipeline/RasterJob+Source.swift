internal import CShims
internal import CVips
internal import Foundation

extension RasterJob {
    /// The source file itself, stripped of metadata losslessly, when it needs no change (no
    /// resize, upright, not CMYK) and is no larger than `rendition`: re-encoding an image that
    /// is already well compressed often makes it larger, and always loses a little. (A 16-bit
    /// PNG kept this way stays 16-bit; browsers show it as they show any PNG.)
    ///
    /// Stripping keeps what the pixels mean: the ICC profile stays (the browser applies it), and
    /// the EXIF orientation can go because the source is only kept when it is 1 or absent.
    func keptSource(insteadOf rendition: ImageRendition, header: VipsImageRef) -> ImageRendition? {
        guard keepsSourceFormat, header.orientation == 1,
            vips_image_get_interpretation(header.pointer) != VIPS_INTERPRETATION_CMYK,
            rendition.pixelWidth == header.width, rendition.pixelHeight == header.height,
            let stripped = strippedSource(), stripped.count <= rendition.data.count
        else { return nil }
        var kept = rendition
        kept.data = stripped
        kept.mimeType = format.mimeType
        return kept
    }

    /// Whether the policy lets the source's own format through: `auto` and `original` do for
    /// the formats every browser shows; a forced format only for sources already in it.
    private var keepsSourceFormat: Bool {
        switch settings.format {
        case .auto, .original: [.jpeg, .png, .webp].contains(format)
        case .jpeg: format == .jpeg
        case .png: format == .png
        case .webp: format == .webp
        case .avif: false
        }
    }

    private func strippedSource() -> Data? {
        switch format {
        case .jpeg: JPEGContainer.strippingMetadata(data)
        case .png: PNGContainer.strippingMetadata(data)
        case .webp: WebPContainer.strippingMetadata(data, keepingColourProfile: true)
        case .gif, .heif, .tiff, .svg: nil
        }
    }
}
