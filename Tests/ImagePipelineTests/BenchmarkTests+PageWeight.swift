import CShims
import CVips
import Foundation
import ImagePipeline

/// Page weight and fidelity for `scripts/bench-images`: rendition bytes against the sources',
/// and the PSNR of every lossy rendition against a lossless reference (the source decoded,
/// turned upright, converted to sRGB and resized to the rendition's size by libvips, without
/// shrink-on-load: what a perfect encoder would show).
extension BenchmarkTests {
    struct Weight {
        var sources = 0
        var renditions = 0
        var unresized = 0
        var unresizedSources = 0
        var unresizedRenditions = 0
        var larger: [String] = []
        var largerBytes = 0
        var psnr: [(String, Double)] = []
    }

    static func pageWeight(_ renditions: [String: ImageRendition], policy: ImageFormatPolicy) -> [String] {
        var weight = Weight()
        for (path, rendition) in renditions.sorted(by: { $0.key < $1.key }) {
            guard let source = try? Data(contentsOf: URL(fileURLWithPath: path)),
                let header = try? ImageHeader.read(from: source)
            else { continue }
            let name = (path as NSString).lastPathComponent
            weight.sources += source.count
            weight.renditions += rendition.data.count
            // Needs no change: upright already and not resized.
            if header.orientation == 1, rendition.pixelWidth == header.width, header.format != .svg {
                weight.unresized += 1
                weight.unresizedSources += source.count
                weight.unresizedRenditions += rendition.data.count
                if rendition.data.count > source.count {
                    weight.larger.append(name)
                    weight.largerBytes += rendition.data.count - source.count
                }
            }
            if isLossy(rendition), header.pageCount == 1, let value = psnr(rendition, source: source) {
                weight.psnr.append((name, value))
            }
        }
        return report(weight, policy: policy)
    }

    private static func report(_ weight: Weight, policy: ImageFormatPolicy) -> [String] {
        let ratio = Double(weight.renditions) / Double(max(1, weight.sources))
        var lines = [
            String(
                format: "BENCH weight %@: renditions %d bytes, sources %d bytes: %.3fx", policy.rawValue,
                weight.renditions, weight.sources, ratio),
            "BENCH weight \(policy.rawValue): \(weight.unresized) images need no resize: renditions "
                + "\(weight.unresizedRenditions), sources \(weight.unresizedSources) bytes; "
                + "\(weight.larger.count) came out larger than their source (\(weight.largerBytes) bytes)"
                + (weight.larger.isEmpty ? "" : ": " + weight.larger.prefix(8).joined(separator: ", ")),
        ]
        let values = weight.psnr.map(\.1).filter(\.isFinite)
        if let worst = weight.psnr.min(by: { $0.1 < $1.1 }), !values.isEmpty {
            let sorted = values.sorted()
            lines.append(
                String(
                    format:
                        "BENCH psnr %@: %d lossy renditions, median %.1f dB, mean %.1f dB, min %.1f dB (%@), %d below 35 dB",
                    policy.rawValue, weight.psnr.count, sorted[sorted.count / 2],
                    values.reduce(0, +) / Double(values.count), worst.1, worst.0,
                    values.filter { $0 < 35 }.count))
        }
        return lines
    }

    /// JPEG, AVIF and lossy (VP8) WebP; PNG, GIF and lossless WebP are exact.
    static func isLossy(_ rendition: ImageRendition) -> Bool {
        switch rendition.mimeType {
        case "image/jpeg", "image/avif": true
        case "image/webp": EncodedFacts.webpChunks(rendition.data).contains("VP8 ")
        default: false
        }
    }

    /// PSNR of the colour as shown over black (premultiplied by alpha, so the colour under
    /// transparent pixels does not count), in dB; nil when the sizes do not match.
    static func psnr(_ rendition: ImageRendition, source: Data) -> Double? {
        guard let decoded = try? DecodedImage(rendition.data), !decoded.pixels.isEmpty,
            let reference = referencePixels(source, width: decoded.width),
            reference.width == decoded.width, reference.height == decoded.height
        else { return nil }
        let a = rgb(decoded.pixels, bands: decoded.bands)
        let b = rgb(reference.pixels, bands: reference.bands)
        guard a.count == b.count, !a.isEmpty else { return nil }
        var squares = 0.0
        for index in a.indices {
            let difference = a[index] - b[index]
            squares += difference * difference
        }
        let mse = squares / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Three colour values per pixel, premultiplied by alpha, from grey, grey+alpha, RGB or RGBA.
    static func rgb(_ pixels: [UInt8], bands: Int) -> [Double] {
        guard bands > 0 else { return [] }
        let hasAlpha = bands == 2 || bands == 4
        var result: [Double] = []
        result.reserveCapacity(pixels.count / bands * 3)
        var offset = 0
        while offset + bands <= pixels.count {
            let alpha = hasAlpha ? Double(pixels[offset + bands - 1]) / 255 : 1
            for band in 0..<3 {
                result.append(Double(pixels[offset + (bands < 3 ? 0 : band)]) * alpha)
            }
            offset += bands
        }
        return result
    }

    struct Reference {
        var width: Int
        var height: Int
        var bands: Int
        var pixels: [UInt8]
    }

    /// The source resized to `width` in 8-bit sRGB, without shrink-on-load.
    static func referencePixels(_ source: Data, width: Int) -> Reference? {
        guard case .accepted(let format) = SourceFormat.recognise(bytes: source),
            let (loader, _) = DecodedImage.loaders[format]
        else { return nil }
        let options = NotesiteLoadOptions(fail_on_error: 0, all_pages: 0, jpeg_shrink: 1, webp_scale: 1)
        notesite_vips_gate_shared_enter()  // see TestImage.writeQuadrants
        defer { notesite_vips_gate_shared_leave() }
        return source.withUnsafeBytes { raw -> Reference? in
            guard let base = raw.baseAddress,
                let image = notesite_vips_load_buffer(loader, base, raw.count, options)
            else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(image)) }
            let profile: Int32 = notesite_vips_has_field(image, "icc-profile-data") != 0 ? 1 : 0
            var resized: UnsafeMutablePointer<VipsImage>?
            guard notesite_vips_thumbnail_image_width(image, Int32(width), profile, &resized) == 0,
                let resized
            else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(resized)) }
            var srgb: UnsafeMutablePointer<VipsImage>?
            guard notesite_vips_colourspace(resized, &srgb, VIPS_INTERPRETATION_sRGB) == 0, let srgb else {
                return nil
            }
            defer { g_object_unref(UnsafeMutableRawPointer(srgb)) }
            guard vips_image_get_format(srgb) == VIPS_FORMAT_UCHAR else { return nil }
            var size = 0
            guard let memory = vips_image_write_to_memory(srgb, &size) else { return nil }
            defer { g_free(memory) }
            return Reference(
                width: Int(vips_image_get_width(srgb)), height: Int(vips_image_get_height(srgb)),
                bands: Int(vips_image_get_bands(srgb)),
                pixels: Array(UnsafeRawBufferPointer(start: memory, count: size)))
        }
    }
}
