extension OutputFormat {
    /// Whether `choose` needs the pixel statistics for this policy and source.
    static func needsStatistics(_ policy: ImageFormatPolicy, source: SourceFormat) -> Bool {
        switch policy {
        case .auto, .png, .webp: true
        case .jpeg, .avif, .original: false
        }
    }

    /// At or below this many pixels (a 256 x 256 icon), a photo is encoded losslessly: lossy WebP
    /// of a 32 x 32 gradient measured 24-33 dB PSNR (visible blocks, since such images are shown
    /// enlarged or looked at closely), and the few bytes it saves do not matter on a page.
    static let smallImagePixels = 256 * 256

    /// The format for one still image of `pixels` pixels (animations are decided in `RasterJob`).
    /// See `ImageFormatPolicy` for the rule in words; `stats` is nil when not needed.
    static func choose(
        _ policy: ImageFormatPolicy, source: SourceFormat, hasAlpha: Bool, stats: PixelStatistics?,
        pixels: Int = .max
    ) -> OutputFormat {
        let flat = (stats?.isFlat ?? false) || pixels <= smallImagePixels
        let fewColours = stats?.hasFewColours ?? false
        switch policy {
        case .auto:
            if flat { return fewColours ? .png(palette: true) : .webp(lossless: true) }
            return AVIFSupport.canEncode ? .avif : .webp(lossless: false)
        case .png: return .png(palette: fewColours)
        case .webp: return .webp(lossless: flat)
        case .jpeg: return hasAlpha ? .png(palette: false) : .jpeg
        case .avif: return .avif
        case .original:
            switch source {
            case .jpeg: return .jpeg
            case .png: return .png(palette: false)
            case .webp: return .webp(lossless: false)
            case .gif, .heif, .tiff, .svg: return hasAlpha ? .png(palette: false) : .jpeg
            }
        }
    }
}
