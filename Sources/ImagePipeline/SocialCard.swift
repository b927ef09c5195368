internal import CShims
internal import ContentDigest
public import Foundation

/// A link card (`og:image`): the theme's SVG drawn by librsvg, with the text blocks it asks for
/// (``CardTextBox``) laid out by Pango over it and shortened to fit, encoded as PNG.
public struct SocialCard: Sendable, Hashable {
    public static let width = 1200
    public static let height = 630
    /// zlib's level for the PNG: a card is flat colour and text, which level 1 already packs well.
    static let pngCompression = 1

    /// The rendered `card.svg` template, text boxes included.
    public var svg: String
    /// Names the card in error messages: the note's path.
    public var name: String

    public init(svg: String, name: String) {
        self.svg = svg
        self.name = name
    }

    /// The card as PNG, and whether it came from the cache.
    public struct Made: Sendable, Hashable {
        public var image: ImageRendition
        public var fromCache: Bool
    }

    /// The card as PNG. With a `cache`, a card drawn before from the same SVG with the same fonts
    /// and libvips is read back instead (`fonts`: ``CardFonts/identity()``).
    public func draw(fonts: String, cache: RenditionCache? = nil) throws(ImageError) -> Made {
        if let failure = VipsRuntime.startupFailure {
            throw ImageError(path: name, reason: failure)
        }
        guard let cache else { return Made(image: try drawn(), fromCache: false) }
        let key = RenditionCache.key(card: svg, fonts: fonts)
        if let cached = cache.lookup(key) { return Made(image: cached, fromCache: true) }
        let card = try drawn()
        cache.store(card, key: key)
        return Made(image: card, fromCache: false)
    }

    private func drawn() throws(ImageError) -> ImageRendition {
        let boxes = CardTextBox.boxes(in: svg)
        let result: Result<Data, ImageError> = VipsRuntime.shared {
            VipsSourceBytes.lend(Data(svg.utf8)) { bytes -> Result<Data, ImageError> in
                guard let bytes, let background = VipsImageRef.svgCard(from: bytes) else {
                    return .failure(ImageError(path: name, reason: "card.svg could not be drawn (librsvg)"))
                }
                guard background.width == Self.width, background.height == Self.height else {
                    return .failure(
                        ImageError(
                            path: name,
                            reason:
                                "card.svg is \(background.width)x\(background.height); a card is \(Self.width)x\(Self.height)"
                        ))
                }
                guard var card = background.flattened() else {
                    return .failure(ImageError(path: name, reason: "card.svg could not be drawn (librsvg)"))
                }
                for box in boxes {
                    guard let block = CardTextLayout.block(for: box) else { continue }
                    // Pango sets a right-to-left paragraph against the right edge of its width, and
                    // the block is cropped to its ink: so it goes against the box's right edge.
                    let x = CardTextLayout.isRightToLeft(box.text) ? box.x + box.width - block.width : box.x
                    guard let drawn = card.blending(block, x: x, y: box.y) else {
                        return .failure(ImageError(path: name, reason: "the card's text could not be drawn"))
                    }
                    card = drawn
                }
                guard let png = card.pngData(compression: Self.pngCompression) else {
                    return .failure(ImageError(path: name, reason: "the card could not be encoded as PNG"))
                }
                return .success(png)
            }
        }
        let png = try result.get()
        return ImageRendition(
            data: png, mimeType: "image/png", pixelWidth: Self.width, pixelHeight: Self.height,
            cssWidth: Self.width, cssHeight: Self.height)
    }
}

extension RenditionCache {
    /// A card's cache key: its SVG (which holds its texts), the fonts and libvips.
    static func key(card svg: String, fonts: String) -> String {
        let parts = [
            "notesite-card \(formatVersion)", "libvips \(VipsRuntime.version)", "fonts \(fonts)",
            "svg \(SHA256.hex(svg.utf8))",
        ]
        return SHA256.hex(parts.joined(separator: "\n").utf8)
    }
}
