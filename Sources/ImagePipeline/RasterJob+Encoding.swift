internal import CShims
internal import CVips
internal import Foundation

extension RasterJob {
    /// Chooses the output format by the policy (measuring the pixels when the policy needs it)
    /// and encodes; `rendition` wraps the bytes.
    func encodeChoosing(
        _ image: VipsImageRef, animated: Bool, deadline: VipsDeadline,
        rendition: (Data, OutputFormat) -> ImageRendition
    ) throws(Failure) -> ImageRendition {
        let policy = settings.format
        let measure =
            animated
            ? policy == .auto || policy == .webp
            : OutputFormat.needsStatistics(policy, source: format)
        var ready = image
        var stats: PixelStatistics?
        if measure {
            ready = try inMemory(image)
            stats = statistics(of: ready)
            // An alpha band nobody uses only costs bytes (and rules out JPEG).
            if !animated, ready.hasAlpha, stats?.usesAlpha == false {
                ready = try withoutAlpha(ready)
            }
        }
        let output: OutputFormat =
            animated
            ? .webp(lossless: stats?.isFlat ?? false)
            : .choose(
                policy, source: format, hasAlpha: ready.hasAlpha, stats: stats,
                pixels: ready.width * ready.height)
        // An encoder's last step (AVIF's above all) reports no progress: start none too late.
        if deadline.hasExpired { throw .rejected(timeLimitError) }
        if output == .png(palette: true) {
            return try encodeExactPalette(ready, rendition: rendition)
        }
        return rendition(try encode(ready, as: output), output)
    }

    /// Statistics of an 8-bit image held in memory; nil for anything else.
    private func statistics(of image: VipsImageRef) -> PixelStatistics? {
        image.withPixels { pixels in
            PixelStatistics(
                pixels: pixels, width: image.width, height: image.height, bands: image.bands,
                hasAlpha: image.hasAlpha)
        }
    }

    func encode(_ image: VipsImageRef, as output: OutputFormat) throws(Failure) -> Data {
        let quality = output.quality(settings)
        let made = VipsImageRef.encoded { buffer, length in
            switch output {
            case .jpeg:
                notesite_vips_save_jpeg(image.pointer, quality, &buffer, &length)
            case .png(let palette):
                notesite_vips_save_png(image.pointer, palette ? 1 : 0, quality, &buffer, &length)
            case .webp(let lossless):
                notesite_vips_save_webp(image.pointer, lossless ? 1 : 0, quality, &buffer, &length)
            case .avif:
                notesite_vips_save_avif(image.pointer, quality, &buffer, &length)
            }
        }
        guard let encoded = made else {
            // Pixels are decoded lazily, so a corrupt body usually fails here, not at load.
            throw .libvips(
                VipsFailure(step: "cannot decode the \(format.name) pixels, the file is corrupt or truncated")
            )
        }
        guard case .webp = output else { return encoded }
        guard let stripped = WebPContainer.strippingMetadata(encoded) else {
            throw .rejected(
                ImageError(path: path, reason: "libvips wrote a WebP that notesite cannot strip of metadata"))
        }
        return stripped
    }
}
