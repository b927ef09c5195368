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
        let deadline = VipsDeadline(seconds: settings.timeLimit)
        let outcome = VipsSourceBytes.lend(data) { bytes in
            Result { () throws(Failure) -> ImageRendition in
                guard let bytes else {
                    throw .rejected(ImageError(path: path, reason: "the file is empty"))
                }
                return try render(bytes, deadline: deadline)
            }
        }
        // A killed computation fails like a corrupt file would; running it again to read
        // libvips's messages would only take as long once more.
        if case .failure(.libvips) = outcome, deadline.hasExpired {
            return .failure(.rejected(timeLimitError))
        }
        return outcome
    }

    var timeLimitError: ImageError {
        ImageError(
            path: path,
            reason:
                "stopped after \(settings.timeLimit.formatted()) s, the time limit for one image"
                + " (image_timeout): too large to decode in time, or damaged")
    }

    private func render(_ bytes: VipsSourceBytes, deadline: VipsDeadline) throws(Failure) -> ImageRendition {
        guard let header = format.open(bytes) else {
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

        let resized = try thumbnail(
            bytes, header: header, width: targetPixelWidth(css: css), animated: animated,
            deadline: deadline)
        let image = try withoutMetadata(try normalizedColour(resized))
        let pageHeight = animated ? image.pageHeight : image.height
        let rendition = try encodeChoosing(image, animated: animated, deadline: deadline) { encoded, output in
            ImageRendition(
                data: encoded, mimeType: output.mimeType, pixelWidth: image.width, pixelHeight: pageHeight,
                cssWidth: css.width, cssHeight: css.height)
        }
        // A GIF stays as it is when converting it saves nothing.
        if format == .gif, rendition.data.count >= data.count {
            return unchangedGIF
        }
        return keptSource(insteadOf: rendition, header: header) ?? rendition
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

}
