internal import CShims
internal import CVips
internal import Foundation

/// Turns one raster file's bytes into a rendition with libvips: header check, shrink-on-load
/// resize with auto-orientation, sRGB, metadata stripped, encoded. Deterministic, so a failed
/// job can be run again to read its error messages (see `VipsRuntime`).
struct RasterJob {
    var path: String
    var data: Data
    var format: SourceFormat
    var settings: ImageSettings

    enum Failure: Error {
        /// libvips failed; worth a diagnosis re-run.
        case libvips(VipsFailure)
        /// A final answer that needs no re-run (too large, say).
        case rejected(ImageError)
    }

    func result() -> Result<ImageRendition, Failure> {
        data.withUnsafeBytes { raw in
            Result { () throws(Failure) -> ImageRendition in
                guard let base = raw.baseAddress, raw.count > 0 else {
                    throw .rejected(ImageError(path: path, reason: "the file is empty"))
                }
                return try render(base, raw.count)
            }
        }
    }

    private func render(_ base: UnsafeRawPointer, _ count: Int) throws(Failure) -> ImageRendition {
        guard let header = VipsImageRef(notesite_vips_image_from_buffer(base, count, "")) else {
            throw .libvips(
                VipsFailure(step: "cannot read the \(format.name) header, the file is corrupt or truncated"))
        }
        let animated = (format == .webp || format == .gif) && header.pageCount > 1
        try checkPixelLimit(header, frames: animated ? header.pageCount : 1)
        let upright =
            header.orientation >= 5
            ? DisplaySize(width: header.height, height: header.width)
            : DisplaySize(width: header.width, height: header.height)
        let css =
            settings.size?.cssSize(of: upright, column: settings.columnWidth)
            ?? upright.fittingWidth(settings.columnWidth)
        let unchangedGIF = ImageRendition(
            data: data, mimeType: "image/gif", pixelWidth: header.width, pixelHeight: header.height,
            cssWidth: css.width, cssHeight: css.height)
        if format == .gif, !convertsGIF(animated: animated) {
            return unchangedGIF
        }

        let image = try withoutMetadata(
            try normalizedColour(
                try thumbnail(
                    base, count, header: header, width: targetPixelWidth(css: css), animated: animated)))
        let pageHeight = animated ? image.pageHeight : image.height
        let rendition = try encodeChoosing(image, animated: animated) { encoded, output in
            ImageRendition(
                data: encoded, mimeType: output.mimeType, pixelWidth: image.width, pixelHeight: pageHeight,
                cssWidth: css.width, cssHeight: css.height)
        }
        // A GIF stays as it is when converting it saves nothing.
        if format == .gif, rendition.data.count >= data.count {
            return unchangedGIF
        }
        return smallerSourceWebP(than: rendition, header: header) ?? rendition
    }

    /// Whether a GIF is re-encoded: `auto` tries (and keeps the smaller), `webp` always; `original`
    /// never, nor formats that cannot animate for an animated one.
    private func convertsGIF(animated: Bool) -> Bool {
        switch settings.format {
        case .auto, .webp: true
        case .original: false
        case .png, .jpeg, .avif: !animated
        }
    }

    /// Device-pixel width to shrink to: the column's, or the reference's CSS size at the pixel
    /// density. The thumbnail never enlarges, so a smaller source keeps its width.
    private func targetPixelWidth(css: DisplaySize) -> Int {
        guard settings.size != nil else { return settings.maxPixelWidth }
        return max(1, min(settings.maxPixelWidth, Int((Double(css.width) * settings.pixelDensity).rounded())))
    }

    private func checkPixelLimit(_ header: VipsImageRef, frames: Int) throws(Failure) {
        let pixels = header.width.multipliedReportingOverflow(by: header.height)
        let total = pixels.partialValue.multipliedReportingOverflow(by: max(1, frames))
        guard pixels.overflow || total.overflow || total.partialValue > settings.maxInputPixels else {
            return
        }
        let megapixels = Double(settings.maxInputPixels) / 1_000_000
        throw .rejected(
            ImageError(
                path: path,
                reason:
                    "\(format.name) claims \(header.width)x\(header.height) pixels"
                    + (frames > 1 ? " in \(frames) frames" : "")
                    + ", over the limit of \(megapixels.formatted()) megapixels"
                    + " (a decompression bomb, or an image to shrink before adding it)"))
    }

    /// The source itself, stripped of metadata, when it is a WebP that needed no change (same
    /// size, upright, no ICC profile) and is smaller than the new encoding: re-encoding an
    /// already compressed WebP (animations above all) often makes it larger.
    private func smallerSourceWebP(than rendition: ImageRendition, header: VipsImageRef) -> ImageRendition? {
        guard format == .webp, rendition.mimeType == "image/webp",
            rendition.pixelWidth == header.width, rendition.pixelHeight == header.pageHeight,
            header.orientation == 1, notesite_vips_has_field(header.pointer, "icc-profile-data") == 0,
            let stripped = WebPContainer.strippingMetadata(data), stripped.count < rendition.data.count
        else { return nil }
        var source = rendition
        source.data = stripped
        return source
    }
}
