internal import CShims
internal import CVips
internal import Foundation

extension RasterJob {
    /// Shrink-on-load to `width` (never enlarged), auto-oriented, through the embedded ICC
    /// profile to sRGB when there is one.
    func thumbnail(
        _ base: UnsafeRawPointer, _ count: Int, header: VipsImageRef, width: Int, animated: Bool
    ) throws(Failure) -> VipsImageRef {
        // fail_on=error turns truncated or corrupt pixel data into an error instead of grey rows;
        // n=-1 keeps every frame of an animation.
        let options = animated ? "fail_on=error,n=-1" : "fail_on=error"
        let toSRGB = notesite_vips_has_field(header.pointer, "icc-profile-data")
        let cmyk = vips_image_get_interpretation(header.pointer) == VIPS_INTERPRETATION_CMYK
        var thumbnail: UnsafeMutablePointer<VipsImage>?
        let status =
            cmyk && toSRGB != 0
            ? notesite_vips_thumbnail_cmyk_width(base, count, Int32(width), options, &thumbnail)
            : notesite_vips_thumbnail_width(base, count, Int32(width), options, toSRGB, &thumbnail)
        guard status == 0,
            let resized = VipsImageRef(thumbnail)
        else {
            throw .libvips(
                VipsFailure(step: "cannot open the \(format.name) image, the file is corrupt or truncated"))
        }
        return resized
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
        var colour: UnsafeMutablePointer<VipsImage>?
        let bands = Int32(vips_image_get_bands(image.pointer))
        guard notesite_vips_extract_bands(image.pointer, &colour, 0, bands - 1) == 0,
            let result = VipsImageRef(colour)
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
        var converted: UnsafeMutablePointer<VipsImage>?
        guard notesite_vips_colourspace(image.pointer, &converted, target) == 0,
            let result = VipsImageRef(converted)
        else {
            throw .libvips(VipsFailure(step: "cannot convert the \(format.name) image to sRGB"))
        }
        return result
    }

    func withoutMetadata(_ image: VipsImageRef) throws(Failure) -> VipsImageRef {
        var copy: UnsafeMutablePointer<VipsImage>?
        guard notesite_vips_copy_without_metadata(image.pointer, &copy) == 0, let result = VipsImageRef(copy)
        else {
            throw .libvips(VipsFailure(step: "cannot remove the metadata of the \(format.name) image"))
        }
        return result
    }

}
