internal import CShims
internal import CVips
internal import Foundation

extension RasterJob {
    /// Shrink-on-load to `width` (never enlarged), auto-oriented, through the embedded ICC
    /// profile to sRGB when there is one. The source is opened with its format's own loader,
    /// watched by `deadline` from the first pixel on.
    func thumbnail(
        _ bytes: VipsSourceBytes, header: VipsImageRef, width: Int, animated: Bool,
        deadline: VipsDeadline
    ) throws(Failure) -> VipsImageRef {
        let toSRGB = notesite_vips_has_field(header.pointer, "icc-profile-data") != 0
        let cmyk = toSRGB && vips_image_get_interpretation(header.pointer) == VIPS_INTERPRETATION_CMYK
        // fail_on turns truncated or corrupt pixel data into an error instead of grey rows;
        // all_pages keeps every frame of an animation.
        var options = NotesiteLoadOptions(
            fail_on_error: 1, all_pages: animated ? 1 : 0, jpeg_shrink: 1, webp_scale: 1)
        if !cmyk {
            let upright = header.orientation >= 5 ? header.height : header.width
            let shrink = Double(upright) / Double(max(1, width))
            options.jpeg_shrink = Self.jpegShrink(for: shrink)
            options.webp_scale = 1 / max(1, shrink)
        }
        guard let source = format.open(bytes, options: options) else {
            throw .libvips(
                VipsFailure(step: "cannot open the \(format.name) image, the file is corrupt or truncated"))
        }
        deadline.watch(source)
        let input = cmyk ? try convertedFromCMYK(source) : source
        let toSRGBNow: Int32 = toSRGB && !cmyk ? 1 : 0
        guard
            let resized = VipsImageRef.made(by: {
                notesite_vips_thumbnail_image_width(input.pointer, Int32(width), toSRGBNow, &$0)
            })
        else {
            throw .libvips(
                VipsFailure(step: "cannot open the \(format.name) image, the file is corrupt or truncated"))
        }
        return resized
    }

    /// libjpeg's shrink-on-load factor for an overall shrink, as vips_thumbnail picks it: a
    /// block shrink to somewhat above the target, leaving at least a factor of two to the
    /// proper resize that follows (block shrinking alone over-sharpens).
    static func jpegShrink(for shrink: Double) -> Int32 {
        if shrink >= 16 { return 8 }
        if shrink >= 8 { return 4 }
        if shrink >= 4 { return 2 }
        return 1
    }

    /// A CMYK image with its own profile, converted to sRGB through that profile.
    private func convertedFromCMYK(_ image: VipsImageRef) throws(Failure) -> VipsImageRef {
        guard let result = VipsImageRef.made(by: { notesite_vips_cmyk_to_srgb(image.pointer, &$0) }) else {
            throw .libvips(VipsFailure(step: "cannot convert the CMYK \(format.name) image to sRGB"))
        }
        return result
    }

    /// The pixels computed into memory, so they can be both measured and encoded without
    /// decoding the source twice.
    func inMemory(_ image: VipsImageRef) throws(Failure) -> VipsImageRef {
        guard let copy = VipsImageRef(vips_image_copy_memory(image.pointer)) else {
            throw .libvips(
                VipsFailure(step: "cannot decode the \(format.name) pixels, the file is corrupt or truncated")
            )
        }
        return copy
    }

    /// The colour bands alone, for an alpha band that is opaque everywhere.
    func withoutAlpha(_ image: VipsImageRef) throws(Failure) -> VipsImageRef {
        let bands = Int32(vips_image_get_bands(image.pointer))
        guard
            let result = VipsImageRef.made(by: {
                notesite_vips_extract_bands(image.pointer, &$0, 0, bands - 1)
            })
        else {
            throw .libvips(VipsFailure(step: "cannot drop the unused alpha of the \(format.name) image"))
        }
        return result
    }

    /// 8-bit sRGB (or 8-bit grey), whatever the source's depth or colour space.
    func normalizedColour(_ image: VipsImageRef) throws(Failure) -> VipsImageRef {
        let space = vips_image_get_interpretation(image.pointer)
        let grey = space == VIPS_INTERPRETATION_B_W || space == VIPS_INTERPRETATION_GREY16
        let target = grey ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB
        guard space != target || vips_image_get_format(image.pointer) != VIPS_FORMAT_UCHAR else {
            return image
        }
        guard let result = VipsImageRef.made(by: { notesite_vips_colourspace(image.pointer, &$0, target) })
        else {
            throw .libvips(VipsFailure(step: "cannot convert the \(format.name) image to sRGB"))
        }
        return result
    }

    func withoutMetadata(_ image: VipsImageRef) throws(Failure) -> VipsImageRef {
        guard let result = VipsImageRef.made(by: { notesite_vips_copy_without_metadata(image.pointer, &$0) })
        else {
            throw .libvips(VipsFailure(step: "cannot remove the metadata of the \(format.name) image"))
        }
        return result
    }

}
