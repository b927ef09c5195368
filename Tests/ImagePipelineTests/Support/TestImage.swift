import CShims
import CVips
import Foundation
import ImagePipeline

/// Test images made with libvips, and renditions decoded back to pixels for assertions.
enum TestImage {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func start() throws {
        guard notesite_vips_init() == 0 else { throw Failure(description: "libvips did not start") }
    }

    /// An RGB(A) image split into four coloured quadrants: top-left, top-right, bottom-left,
    /// bottom-right. Written to `path`; libvips options may follow the name ("x.jpg[Q=95]").
    /// `metadata` sets integer fields (such as "orientation") and `xmp` an XMP packet.
    static func writeQuadrants(
        to path: String, width: Int, height: Int, colours: [[UInt8]] = quadrantColours,
        orientation: Int? = nil, xmp: String? = nil
    ) throws {
        try start()
        // Held shared, as the pipeline's own work is: a failed job re-run alone in another test
        // (VipsRuntime.diagnosing) must not read this work's messages and warnings.
        notesite_vips_gate_shared_enter()
        defer { notesite_vips_gate_shared_leave() }
        let bands = colours[0].count
        let half = width / 2
        func row(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
            Array([[UInt8]](repeating: left, count: half).joined())
                + Array([[UInt8]](repeating: right, count: width - half).joined())
        }
        let topRow = row(colours[0], colours[1])
        let bottomRow = row(colours[2], colours[3])
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * bands)
        for y in 0..<height {
            pixels.append(contentsOf: y < height / 2 ? topRow : bottomRow)
        }
        let image = pixels.withUnsafeBytes { raw in
            vips_image_new_from_memory_copy(
                raw.baseAddress, raw.count, Int32(width), Int32(height), Int32(bands), VIPS_FORMAT_UCHAR)
        }
        guard let image else { throw Failure(description: "cannot make a test image") }
        defer { g_object_unref(UnsafeMutableRawPointer(image)) }
        if let orientation {
            vips_image_set_int(image, "orientation", Int32(orientation))
        }
        if let xmp {
            let bytes = Array(xmp.utf8)
            vips_image_set_blob_copy(image, "xmp-data", bytes, bytes.count)
        }
        guard notesite_vips_write_file(image, path) == 0 else {
            throw Failure(description: "cannot write \(path): \(String(cString: vips_error_buffer()))")
        }
    }

    /// Red, green, blue, white.
    static let quadrantColours: [[UInt8]] = [
        [220, 30, 30], [30, 200, 40], [30, 40, 210], [250, 250, 250],
    ]
}

/// An encoded image loaded back with libvips: size, loader, metadata fields and 8-bit pixels.
struct DecodedImage {
    var width: Int
    var height: Int
    var bands: Int
    var pageCount: Int
    var loader: String
    var fields: [String]
    var orientationField: Int?
    var pixels: [UInt8]

    /// Decodes without applying any orientation (what a browser shows for stripped files), with
    /// the loader for the format notesite recognises; `allPages` loads every frame.
    init(_ data: Data, allPages: Bool = false) throws {
        try TestImage.start()
        notesite_vips_gate_shared_enter()  // see TestImage.writeQuadrants
        defer { notesite_vips_gate_shared_leave() }
        guard case .accepted(let format) = SourceFormat.recognise(bytes: data),
            let (loader, loaderName) = Self.loaders[format]
        else { throw TestImage.Failure(description: "not a raster format notesite takes") }
        let options = NotesiteLoadOptions(
            fail_on_error: 0, all_pages: allPages ? 1 : 0, jpeg_shrink: 1, webp_scale: 1)
        let decoded: DecodedImage? = data.withUnsafeBytes { raw -> DecodedImage? in
            guard let base = raw.baseAddress,
                let image = notesite_vips_load_buffer(loader, base, raw.count, options)
            else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(image)) }
            var fieldNames: [String] = []
            if let list = vips_image_get_fields(image) {
                var index = 0
                while let name = list[index] {
                    fieldNames.append(String(cString: name))
                    index += 1
                }
                g_strfreev(list)
            }
            // Asking for a missing field would write to libvips's shared error buffer.
            var orientation: Int32 = 0
            let hasOrientation =
                vips_image_get_typeof(image, "orientation") != 0
                && vips_image_get_int(image, "orientation", &orientation) == 0
            // Pixels only for 8-bit images (all renditions are); sources may be 16-bit.
            var bytes: [UInt8] = []
            if vips_image_get_format(image) == VIPS_FORMAT_UCHAR {
                var size = 0
                guard let memory = vips_image_write_to_memory(image, &size) else { return nil }
                defer { g_free(memory) }
                bytes = Array(UnsafeRawBufferPointer(start: memory, count: size))
            }
            return DecodedImage(
                width: Int(vips_image_get_width(image)), height: Int(vips_image_get_height(image)),
                bands: Int(vips_image_get_bands(image)), pageCount: Int(vips_image_get_n_pages(image)),
                loader: loaderName, fields: fieldNames,
                orientationField: hasOrientation ? Int(orientation) : nil, pixels: bytes)
        }
        guard let decoded else {
            throw TestImage.Failure(description: "cannot decode: \(String(cString: vips_error_buffer()))")
        }
        self = decoded
    }

    static let loaders: [SourceFormat: (NotesiteLoader, String)] = [
        .jpeg: (NOTESITE_LOADER_JPEG, "VipsForeignLoadJpegBuffer"),
        .png: (NOTESITE_LOADER_PNG, "VipsForeignLoadPngBuffer"),
        .webp: (NOTESITE_LOADER_WEBP, "VipsForeignLoadWebpBuffer"),
        .gif: (NOTESITE_LOADER_GIF, "VipsForeignLoadNsgifBuffer"),
        .heif: (NOTESITE_LOADER_HEIF, "VipsForeignLoadHeifBuffer"),
        .tiff: (NOTESITE_LOADER_TIFF, "VipsForeignLoadTiffBuffer"),
    ]

    init(fileAt path: String) throws {
        try self.init(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private init(
        width: Int, height: Int, bands: Int, pageCount: Int, loader: String, fields: [String],
        orientationField: Int?, pixels: [UInt8]
    ) {
        self.width = width
        self.height = height
        self.bands = bands
        self.pageCount = pageCount
        self.loader = loader
        self.fields = fields
        self.orientationField = orientationField
        self.pixels = pixels
    }

    /// Mean of each band over a region given in fractions of the width and height.
    func mean(x: ClosedRange<Double>, y: ClosedRange<Double>) -> [Double] {
        let x0 = Int(x.lowerBound * Double(width))
        let x1 = max(x0 + 1, Int(x.upperBound * Double(width)))
        let y0 = Int(y.lowerBound * Double(height))
        let y1 = max(y0 + 1, Int(y.upperBound * Double(height)))
        var sums = [Double](repeating: 0, count: bands)
        for row in y0..<min(y1, height) {
            for column in x0..<min(x1, width) {
                let offset = (row * width + column) * bands
                for band in 0..<bands { sums[band] += Double(pixels[offset + band]) }
            }
        }
        let count = Double((min(y1, height) - y0) * (min(x1, width) - x0))
        return sums.map { $0 / count }
    }

    /// Mean colour of the cells of an n x n grid, row by row, skipping the central cells
    /// (where the corpus photos carry their orientation number).
    func gridColours(_ n: Int = 4) -> [[Double]] {
        var cells: [[Double]] = []
        for row in 0..<n {
            for column in 0..<n where !(1...(n - 2)).contains(row) || !(1...(n - 2)).contains(column) {
                let step = 1.0 / Double(n)
                cells.append(
                    mean(
                        x: Double(column) * step...Double(column + 1) * step,
                        y: Double(row) * step...Double(row + 1) * step))
            }
        }
        return cells
    }
}

extension DecodedImage {
    /// Peak signal-to-noise ratio of the colour bands against an image of the same size, in dB
    /// (infinity when equal, 0 when the sizes differ).
    func psnr(against other: DecodedImage) -> Double {
        guard (width, height) == (other.width, other.height), bands >= 3, other.bands >= 3,
            pixels.count == width * height * bands, other.pixels.count == width * height * other.bands
        else { return 0 }
        var squares = 0.0
        for pixel in 0..<width * height {
            for band in 0..<3 {
                let difference =
                    Double(pixels[pixel * bands + band]) - Double(other.pixels[pixel * other.bands + band])
                squares += difference * difference
            }
        }
        let mse = squares / Double(width * height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

/// Largest per-band difference between two colours.
func colourDistance(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).map { abs($0 - $1) }.max() ?? .infinity
}
