/// What the format choice needs to know about a rendition's 8-bit pixels, found in one pass.
struct PixelStatistics {
    /// Distinct colours (alpha included), counted up to `colourLimit + 1`.
    var colourCount: Int
    /// Share of pixels equal to their left neighbour: low for photos (sensor noise, JPEG
    /// artefacts), near 1 for screenshots and diagrams.
    var repeatShare: Double
    /// Whether an alpha band exists and some pixel is not fully opaque.
    var usesAlpha: Bool

    static let colourLimit = 256
    /// At or above this share, an image counts as a flat graphic. Measured on the resized
    /// corpus images: photos 0.00-0.45 (JPEGs up to 0.13; AVIF encoders smooth more, 0.37 and
    /// 0.45), flat graphics 0.86-0.999 (the guide's screenshot 0.86, its badge 0.92, animations
    /// 0.99). 0.7 leaves room on both sides.
    static let flatThreshold = 0.7

    var hasFewColours: Bool { colourCount <= Self.colourLimit }
    var isFlat: Bool { repeatShare >= Self.flatThreshold || hasFewColours }

    /// Statistics of `width` x `height` pixels of `bands` bytes each, row after row.
    /// `hasAlpha` says the last band is alpha.
    init(pixels bytes: Span<UInt8>, width: Int, height: Int, bands: Int, hasAlpha: Bool) {
        var colours = Set<UInt32>(minimumCapacity: 2 * Self.colourLimit)
        var repeats = 0
        var transparent = false
        let usable = min(bands, 4)
        let rowBytes = width * bands
        for row in 0..<height {
            let start = row * rowBytes
            guard start + rowBytes <= bytes.count else { break }
            var previous: UInt32 = .max
            for column in 0..<width {
                let offset = start + column * bands
                var value: UInt32 = 0
                for band in 0..<usable { value = value << 8 | UInt32(bytes[offset + band]) }
                if value == previous { repeats += 1 }
                previous = value
                if colours.count <= Self.colourLimit { colours.insert(value) }
                if hasAlpha, !transparent, bytes[offset + bands - 1] != 255 { transparent = true }
            }
        }
        colourCount = colours.count
        let total = max(1, width * height)
        repeatShare = Double(repeats) / Double(total)
        usesAlpha = transparent
    }
}
