/// Which format renditions are encoded in: the `image_format` setting.
///
/// `auto` (the default) chooses per image from its pixels, after resizing
/// (see `OutputFormat.choose`):
/// - an animation stays animated: a WebP as animated WebP; a GIF as it is, or as an animated
///   WebP when that is smaller;
/// - flat graphics (screenshots, diagrams, icons: most pixels repeat their left neighbour) are
///   kept lossless: a palette PNG when they have at most 256 colours (exact, and smallest for
///   those), else a lossless WebP;
/// - photos (everything else) become lossy WebP, which keeps alpha where there is any.
///
/// Measured on the corpus (`scripts/bench-images`, inlined base64 bytes): auto was the smallest policy
/// overall; the figures are in the report quoted at the top of `scripts/bench-images`.
///
/// The others force a format: `png` (palette when at most 256 colours, else truecolour),
/// `jpeg`, `webp` (lossless for flat graphics, lossy otherwise), `avif`, and `original`, which keeps
/// JPEG, PNG, WebP and GIF as they came and turns TIFF, AVIF and HEIC into JPEG (PNG with alpha).
/// Transparency is never dropped: `jpeg` gives a PNG for an image with alpha. Animations stay
/// animated whatever the policy: `png`, `jpeg` and `avif` cannot animate here, so an animated
/// WebP stays WebP and an animated GIF stays as it is (`webp` makes it an animated WebP).
public enum ImageFormatPolicy: String, Sendable, Hashable, CaseIterable {
    case auto, png, jpeg, webp, avif, original

    /// The quality used when `ImageSettings.quality` is nil: JPEG 82, WebP 80, AVIF 55, and 90
    /// as libimagequant's bound for palette PNGs (exact when there are at most 256 colours).
    public static func defaultQuality(for format: ImageFormatPolicy) -> Int {
        switch format {
        case .jpeg, .original: 82
        case .auto, .webp: 80
        case .avif: 55
        case .png: 90
        }
    }

    /// Parses the setting's value (`auto`, `png`, `jpeg`/`jpg`, `webp`, `avif`, `original`).
    public init?(setting: String) {
        let value = setting.lowercased()
        if value == "jpg" {
            self = .jpeg
        } else if let policy = ImageFormatPolicy(rawValue: value) {
            self = policy
        } else {
            return nil
        }
    }
}
