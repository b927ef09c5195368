/// How images are sized for the reading column.
public struct ImageSettings: Sendable, Hashable {
    /// Widest rendition in device pixels (1440 = a 720 CSS px column at 2x).
    public var maxPixelWidth: Int
    /// The reading column in CSS pixels; `width`/`height` attributes fit inside it.
    public var columnWidth: Int
    /// Largest source accepted, in pixels (width x height x frames). Guards against
    /// decompression bombs: a 522 KB PNG can claim 65536 x 65536 pixels.
    public var maxInputPixels: Int

    public init(maxPixelWidth: Int = 1440, columnWidth: Int = 720, maxInputPixels: Int = 200_000_000) {
        self.maxPixelWidth = max(1, maxPixelWidth)
        self.columnWidth = max(1, columnWidth)
        self.maxInputPixels = max(1, maxInputPixels)
    }
}
