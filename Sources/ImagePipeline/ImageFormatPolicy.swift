/// Which format renditions are encoded in: the `image_format` setting.
///
/// `auto` (the default) chooses per image from its pixels, after resizing
/// (see `OutputFormat.choose`):
/// - an animation stays animated: a WebP as animated WebP; a GIF as it is, or as an animated
///   WebP when that is smaller;
/// - flat graphics (screenshots, diagrams, icons: most pixels repeat their left neighbour) are
///   kept exact: with at most 256 colours a palette PNG, unless it would not give back every
///   pixel or a lossless WebP is smaller; else a lossless WebP. (Until December 2026 palette
///   PNGs were made at libimagequant quality 90, which merges colours: the guide's screenshot
///   was off by up to 14 levels. Exact costs 3.8% more on it: lossless WebP 67,026 bytes against
///   64,586; the exact palette PNG would be 83,101. On the page-weight benchmark pages came out
///   no heavier, with 24 more images exact.);
/// - small images (at most 256 x 256 pixels) are kept lossless the same way: lossy blocks show
///   on them, and the bytes saved are few;
/// - photos (everything else) become AVIF (quality 60, libaom at effort 3), which keeps alpha
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
/// Judged by eye, not PSNR (SSIMULACRA2 and libjxl's butteraugli on 7 resized photos, December 2026): at AVIF
/// 62 effort 2 the benchmark's textured photos score about 71 ("high quality": artifacts hard to see without the
/// original beside them; 80 would be invisible side by side), the smooth guide photo 67. Quality 56 drops
/// them to 64 and 50 to 56 (visible), so the page weight target of 0.45x Hugo's, which needs about quality 40,
/// is not met at no visible loss. What does help at the same scores: effort 3 at quality 60 gives effort 2 at
/// 62's scores (equal or better on 5 of 7) in 1.4-4.6% fewer bytes, for 1.55x the encoding CPU; effort 4
/// saves about 11% for 6x; 4:4:4 chroma is no smaller at the same score; 10-bit aborts libaom 3.6.
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

    /// The quality used when `ImageSettings.quality` is nil: JPEG 82, WebP 80, AVIF 60 (what
    /// `auto` gives photos), and 100 for PNG, which is lossless whatever the setting: at its
    /// ceiling libimagequant keeps every colour of an image of at most 256. AVIF 60 at effort 3 keeps the SSIMULACRA2 scores of AVIF 62 at
    /// effort 2, which matched WebP 80's median PSNR on the benchmark's photos at 0.82x its bytes.
    /// (libheif maps 60 and 61 to the same quantizer.)
    public static func defaultQuality(for format: ImageFormatPolicy) -> Int {
        switch format {
        case .jpeg, .original: 82
        case .webp: 80
        case .auto, .avif: 60
        case .png: 100
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
