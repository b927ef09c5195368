internal import CShims
internal import CVips
internal import Foundation

extension RasterJob {
    /// A palette PNG only when it gives back every pixel (libimagequant, even at its quality
    /// ceiling, may merge colours), else the lossless alternative: a lossless WebP under `auto`,
    /// a truecolour PNG when PNG was asked for. Under `auto` a lossless WebP also replaces an
    /// exact palette PNG that it beats on bytes. `image` must be in memory (see `inMemory`).
    func encodeExactPalette(_ image: VipsImageRef, rendition: (Data, OutputFormat) -> ImageRendition)
        throws(Failure) -> ImageRendition
    {
        let palette = OutputFormat.png(palette: true)
        let png = try encode(image, as: palette)
        let lossless: OutputFormat = settings.format == .auto ? .webp(lossless: true) : .png(palette: false)
        guard decodes(png, toPixelsOf: image) else {
            return rendition(try encode(image, as: lossless), lossless)
        }
        if case .webp = lossless {
            let webp = try encode(image, as: lossless)
            if webp.count < png.count { return rendition(webp, lossless) }
        }
        return rendition(png, palette)
    }

    /// Whether `encoded` (a PNG) decodes to exactly the pixels of `image` (8-bit, in memory),
    /// the colour of fully transparent pixels aside (no encoder keeps what cannot be seen).
    private func decodes(_ encoded: Data, toPixelsOf image: VipsImageRef) -> Bool {
        let same: Bool?? = VipsSourceBytes.lend(encoded) { bytes in
            guard let bytes, let opened = SourceFormat.png.open(bytes),
                let decoded = VipsImageRef(vips_image_copy_memory(opened.pointer)),
                decoded.width == image.width, decoded.height == image.height, decoded.bands == image.bands
            else { return nil }
            return image.withPixels { expected in
                decoded.withPixels { actual in
                    Self.samePixels(expected, actual, bands: image.bands, hasAlpha: image.hasAlpha)
                }
            }
        }
        return same == true
    }

    /// Byte-for-byte equal pixels, where a pixel fully transparent in both may differ in colour.
    static func samePixels(_ expected: Span<UInt8>, _ actual: Span<UInt8>, bands: Int, hasAlpha: Bool) -> Bool
    {
        guard expected.count == actual.count, bands > 0 else { return false }
        if expected.indices.allSatisfy({ expected[$0] == actual[$0] }) { return true }
        guard hasAlpha else { return false }
        var offset = 0
        while offset + bands <= expected.count {
            let alpha = offset + bands - 1
            let invisible = expected[alpha] == 0 && actual[alpha] == 0
            if !invisible, (offset..<offset + bands).contains(where: { expected[$0] != actual[$0] }) {
                return false
            }
            offset += bands
        }
        return true
    }
}
