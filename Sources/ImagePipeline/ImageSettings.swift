/// How images are sized and encoded. Every field but `timeLimit` is part of a rendition's cache
/// key (a time limit changes whether an image fails, never what a finished one looks like).
public struct ImageSettings: Sendable, Hashable {
    /// Widest rendition in device pixels (1440 = a 720 CSS px column at 2x).
    public var maxPixelWidth: Int
    /// The reading column in CSS pixels; `width`/`height` attributes fit inside it.
    public var columnWidth: Int
    /// Largest source accepted, in pixels (width x height x frames), read from the header before
    /// any pixel is decoded. Guards against decompression bombs: a 522 KB PNG can claim
    /// 65536 x 65536 pixels. The `max_pixels` setting; default 100 megapixels.
    public var maxInputPixels: Int
    /// Which format renditions are encoded in (`image_format`); see `ImageFormatPolicy`.
    public var format: ImageFormatPolicy
    /// Encoder quality 1-100 (`quality`); nil uses each format's default
    /// (`ImageFormatPolicy.defaultQuality(for:)`). Lossless encodings ignore it.
    public var quality: Int?
    /// The size one reference asks for (`![[x.png|300]]`, `![[x.png|300x200]]`); nil fits the column.
    public var size: ImageSizeRequest?

    /// Seconds one image may take to decode, resize and encode before it fails with an error
    /// (and the build goes on): the `image_timeout` setting, default 30.
    public var timeLimit: Double

    /// 2x the default column, so images are sharp on high-density screens.
    public static let defaultMaxPixelWidth = 1440
    public static let defaultColumnWidth = 720
    public static let defaultMaxInputPixels = 100_000_000
    public static let defaultTimeLimit = 30.0

    public init(
        maxPixelWidth: Int = ImageSettings.defaultMaxPixelWidth,
        columnWidth: Int = ImageSettings.defaultColumnWidth,
        maxInputPixels: Int = ImageSettings.defaultMaxInputPixels,
        format: ImageFormatPolicy = .auto, quality: Int? = nil, size: ImageSizeRequest? = nil,
        timeLimit: Double = ImageSettings.defaultTimeLimit
    ) {
        self.maxPixelWidth = max(1, maxPixelWidth)
        self.columnWidth = max(1, columnWidth)
        self.maxInputPixels = max(1, maxInputPixels)
        self.format = format
        self.quality = quality.map { min(100, max(1, $0)) }
        self.size = size
        self.timeLimit = timeLimit.isNaN ? ImageSettings.defaultTimeLimit : max(0, timeLimit)
    }

    /// Device pixels per CSS pixel (2 by default).
    var pixelDensity: Double { Double(maxPixelWidth) / Double(columnWidth) }
}
