internal import CShims
internal import CVips
internal import Foundation

/// The libvips calls a social card is drawn with (``SocialCard``).
extension VipsImageRef {
    /// Pango markup laid out `width` pixels wide in `font`, with alpha.
    static func text(markup: String, font: String, width: Int) -> VipsImageRef? {
        made { notesite_vips_text_block(markup, font, Int32(width), 0, &$0) }
    }

    /// `text` (with alpha) blended over this opaque image at (x, y), clipped to it.
    func blending(_ text: VipsImageRef, x: Int, y: Int) -> VipsImageRef? {
        .made { notesite_vips_blend_text(pointer, text.pointer, Int32(x), Int32(y), &$0) }
    }

    /// Without alpha, over white.
    func flattened() -> VipsImageRef? {
        .made { notesite_vips_flatten_white(pointer, &$0) }
    }

    func pngData(compression: Int) -> Data? {
        VipsImageRef.encoded { notesite_vips_save_png_fast(pointer, Int32(compression), &$0, &$1) }
    }
}
