/// Which format renditions are encoded in: the `image_format` setting.
///
/// `auto` (the default) chooses per image from its pixels, after resizing
/// (see `OutputFormat.choose`):
/// - an animation stays animated: a WebP as animated WebP; a GIF as it is, or as an animated
///   WebP when that is smaller;
/// - flat graphics (screenshots, diagrams, icons: most pixels repeat their left neighbour) are
///   kept lossless: a palette PNG when they have at most 256 colours (exact, and smallest for
///   those), else a lossless WebP;
/// - small images (at most 256 x 256 pixels) are kept lossless the same way: lossy blocks show
///   on them, and the bytes saved are few;
/// - photos (everything else) become AVIF (quality 62, libaom at effort 2), which keeps alpha
///   where there is any; lossy WebP (quality 80, effort 6) where libheif has no AV1 encoder
///   (`AVIFSupport`).
/// An image that needs no resize or rotation keeps its own bytes, metadata stripped, when they
/// are no larger than the encoding (see `RasterJob.keptSource`).
///
/// Measured with `scripts/bench-images` (libvips 8.14, default qualities, WebP at effort 4), base64
/// for the 206 readable raster images of the shared corpus and the guide (before `auto` chose
/// AVIF for photos): auto 6.29 MB, webp 6.30 MB, jpeg 8.40 MB, original 8.57 MB, png 79.8 MB,
/// avif 3.95 MB. Per image (raw bytes):
/// - the guide's photo (3200x1800 -> 1440x810): lossy WebP 15,954 (16,432 at effort 4), JPEG
///   70,543, AVIF 8,658;
/// - its screenshot (66 colours, 86% repeats): palette PNG 64,496, lossless WebP 74,216,
///   truecolour PNG (original) 120,972, JPEG 82,683 (and blurred text);
/// - its badge (alpha, over 256 colours, flat): lossless WebP 5,698, PNG 16,918;
/// - a 10-frame GIF: animated lossless WebP 6,066, the GIF 7,757.
/// AVIF for photos, measured (`scripts/bench_page_weight.py`, 31 resized photos of the corpus and
/// the guide): AVIF 62 gives WebP 80's median PSNR against a lossless resize (36.4 dB; 38.7 against
/// 37.9 dB on the 18 large ones) at 0.82x its bytes, in about the same encoding time (at the same
/// PSNR, libaom's effort 3 saves about 5% more at 1.8x the time, effort 4 10% at 5x); a cold build of the 300-note
/// benchmark vault took 17.1 s of CPU against 16.4 s with `webp`, and its pages weigh 0.86x.
/// Every current browser shows AVIF (Chromium 85, Firefox 93, Safari 16). Measuring for `auto`
/// costs no measurable time.
///
/// The others force a format: `png` (palette when at most 256 colours, else truecolour),
/// `jpeg`, `webp` (lossless for flat graphics and small images, lossy otherwise), `avif`, and `original`, which keeps
/// JPEG, PNG, WebP and GIF as they came and turns TIFF, AVIF and HEIC into JPEG (PNG with alpha).
/// Transparency is never dropped: `jpeg` gives a PNG for an image with alpha. Animations stay
/// animated whatever the policy: `png`, `jpeg` and `avif` cannot animate here, so an animated
/// WebP stays WebP and an animated GIF stays as it is (`webp` makes it an animated WebP).
public enum ImageFormatPolicy: String, Sendable, Hashable, CaseIterable {
    case auto, png, jpeg, webp, avif, original

    /// The quality used when `ImageSettings.quality` is nil: JPEG 82, WebP 80, AVIF 62 (what
    /// `auto` gives photos), and 90 as libimagequant's bound for palette PNGs (exact when there
    /// are at most 256 colours). AVIF 62 matches WebP 80's median PSNR on the benchmark's photos
    /// (36.4 dB on 31 resized photos, 38.7 against 37.9 dB on the 18 large ones) at 0.82x the bytes.
    public static func defaultQuality(for format: ImageFormatPolicy) -> Int {
        switch format {
        case .jpeg, .original: 82
        case .webp: 80
        case .auto, .avif: 62
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
