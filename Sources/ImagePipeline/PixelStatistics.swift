/// What the format choice needs to know about a rendition's 8-bit pixels, found in one pass.
struct PixelStatistics {
    /// Distinct colours (alpha included), counted up to `colourLimit + 1`.
    var colourCount: Int
    /// Share of pixels equal to their left neighbour: near 0 for photos (sensor noise, JPEG
    /// artefacts), 0.6-0.99 for screenshots and diagrams.
    var repeatShare: Double
    /// Whether an alpha band exists and some pixel is not fully opaque.
    var usesAlpha: Bool

    static let colourLimit = 256
    /// Above this share, an image counts as a flat graphic. Measured: photos in the corpus
    /// 0.00-0.19, screenshots and diagrams 0.68 and up (see the report in `scripts/bench-images`).
    static let flatThreshold = 0.5

    var hasFewColours: Bool { colourCount <= Self.colourLimit }
    var isFlat: Bool { repeatShare >= Self.flatThreshold || hasFewColours }

    /// Statistics of `width` x `height` pixels of `bands` bytes each, row after row.
    /// `hasAlpha` says the last band is alpha.
    init(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bands: Int, hasAlpha: Bool) {
        var colours = Set<UInt32>(minimumCapacity: 2 * Self.colourLimit)
        var repeats = 0
        var transparent = false
        let bytes = pixels.bindMemory(to: UInt8.self)
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
