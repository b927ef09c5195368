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
        let animated = format == .webp && header.pageCount > 1
        try checkPixelLimit(header, frames: animated ? header.pageCount : 1)
        let upright =
            header.orientation >= 5
            ? DisplaySize(width: header.height, height: header.width)
            : DisplaySize(width: header.width, height: header.height)
        let css = upright.fittingWidth(settings.columnWidth)

        if format == .gif {
            // GIFs are inlined as they are, animation and all.
            return ImageRendition(
                data: data, mimeType: "image/gif", pixelWidth: header.width, pixelHeight: header.height,
                cssWidth: css.width, cssHeight: css.height)
        }

        // fail_on=error turns truncated or corrupt pixel data into an error instead of grey rows;
        // n=-1 keeps every frame of an animated WebP.
        let options = animated ? "fail_on=error,n=-1" : "fail_on=error"
        let toSRGB: Int32 = notesite_vips_has_field(header.pointer, "icc-profile-data")
        var thumbnail: UnsafeMutablePointer<VipsImage>?
        guard
            notesite_vips_thumbnail_width(
                base, count, Int32(settings.maxPixelWidth), options, toSRGB, &thumbnail)
                == 0,
            let resized = VipsImageRef(thumbnail)
        else {
            throw .libvips(
                VipsFailure(step: "cannot open the \(format.name) image, the file is corrupt or truncated"))
        }
        let image = try withoutMetadata(try normalizedColour(resized))
        let output = OutputFormat(source: format, hasAlpha: image.hasAlpha)
        let encoded = try encode(image, as: output)
        return ImageRendition(
            data: encoded, mimeType: output.mimeType, pixelWidth: image.width,
            pixelHeight: animated ? image.pageHeight : image.height,
            cssWidth: css.width, cssHeight: css.height)
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

    /// 8-bit sRGB (or 8-bit grey), whatever the source's depth or colour space.
    private func normalizedColour(_ image: VipsImageRef) throws(Failure) -> VipsImageRef {
        let space = vips_image_get_interpretation(image.pointer)
        let grey = space == VIPS_INTERPRETATION_B_W || space == VIPS_INTERPRETATION_GREY16
        let target = grey ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB
        guard space != target || vips_image_get_format(image.pointer) != VIPS_FORMAT_UCHAR else {
            return image
        }
        var converted: UnsafeMutablePointer<VipsImage>?
        guard notesite_vips_colourspace(image.pointer, &converted, target) == 0,
            let result = VipsImageRef(converted)
        else {
            throw .libvips(VipsFailure(step: "cannot convert the \(format.name) image to sRGB"))
        }
        return result
    }

    private func withoutMetadata(_ image: VipsImageRef) throws(Failure) -> VipsImageRef {
        var copy: UnsafeMutablePointer<VipsImage>?
        guard notesite_vips_copy_without_metadata(image.pointer, &copy) == 0, let result = VipsImageRef(copy)
        else {
            throw .libvips(VipsFailure(step: "cannot remove the metadata of the \(format.name) image"))
        }
        return result
    }

    private func encode(_ image: VipsImageRef, as output: OutputFormat) throws(Failure) -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32
        switch output {
        case .jpeg:
            status = notesite_vips_save_jpeg(image.pointer, OutputFormat.jpegQuality, &buffer, &length)
        case .png: status = notesite_vips_save_png(image.pointer, &buffer, &length)
        case .webp:
            status = notesite_vips_save_webp(image.pointer, OutputFormat.webpQuality, &buffer, &length)
        }
        defer { g_free(buffer) }
        guard status == 0, let buffer else {
            // Pixels are decoded lazily, so a corrupt body usually fails here, not at load.
            throw .libvips(
                VipsFailure(step: "cannot decode the \(format.name) pixels, the file is corrupt or truncated")
            )
        }
        let encoded = Data(bytes: buffer, count: length)
        guard output == .webp else { return encoded }
        guard let stripped = WebPContainer.strippingMetadata(encoded) else {
            throw .rejected(
                ImageError(path: path, reason: "libvips wrote a WebP that notesite cannot strip of metadata"))
        }
        return stripped
    }
}
