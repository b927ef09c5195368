import Foundation
import ImagePipeline
import Testing

/// Page weight: an image that needs no resize or rotation never comes out larger than its
/// source; when re-encoding does not pay, the source's own bytes go out, without metadata.
@Suite struct SourceKeepingTests {
    static func size(of path: String) throws -> Int {
        try Data(contentsOf: URL(fileURLWithPath: path)).count
    }

    static func fieldsLeaked(_ decoded: DecodedImage) -> [String] {
        decoded.fields.filter { field in
            let name = field.lowercased()
            return name.hasPrefix("exif-") || name.contains("gps") || name.contains("xmp")
                || name.contains("iptc") || name.contains("photoshop")
        }
    }

    /// A small JPEG already well compressed (Q 60, optimized Huffman tables; tagged with EXIF and
    /// XMP) comes out as its own
    /// image data: the same pixels, fewer bytes, no metadata.
    @Test func smallJPEGKeepsItsPixelsWithoutMetadata() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("small.jpg")
        try TestImage.writePhoto(to: path + "[Q=60,optimize_coding]", width: 640, height: 480)
        let tagged = folder.path("tagged.jpg")
        let source = try DecodedImage(fileAt: path)
        try TestImage.writeQuadrants(
            to: tagged + "[Q=60]", width: 8, height: 8, orientation: 1, xmp: MetadataTests.xmp)
        // The photo's pixels with the tagged file's metadata segments in front of them.
        let photo = try Data(contentsOf: URL(fileURLWithPath: path))
        let withMetadata = try Self.jpegSegments(
            of: Data(contentsOf: URL(fileURLWithPath: tagged)), markers: [0xE1])
        let input = folder.path("input.jpg")
        try (photo.prefix(2) + withMetadata + photo.dropFirst(2)).write(to: URL(fileURLWithPath: input))
        #expect(try DecodedImage(fileAt: input).fields.contains("xmp-data"), "the input must carry XMP")

        // `auto` may find a smaller WebP; `jpeg` re-encodes at quality 82, larger than this.
        let chosen = try ImageProcessor.render(fileAt: input)
        #expect(chosen.data.count <= photo.count)
        let rendition = try ImageProcessor.render(fileAt: input, settings: ImageSettings(format: .jpeg))
        #expect(rendition.mimeType == "image/jpeg")
        #expect(rendition.data.count <= photo.count)
        #expect(rendition.data.count < (try Self.size(of: input)))
        let decoded = try DecodedImage(rendition.data)
        #expect(Self.fieldsLeaked(decoded).isEmpty, "\(decoded.fields)")
        // Compared outside #expect, whose report of two unequal megabyte arrays takes minutes.
        let samePixels = decoded.pixels == source.pixels
        #expect(samePixels, "a kept source has exactly the source's pixels")
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (640, 480))
    }

    /// The same small JPEG tagged with orientation 6 is turned, so its bytes cannot be kept.
    @Test func rotatedJPEGIsStillTurned() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("turned.jpg")
        try TestImage.writeQuadrants(to: path + "[Q=60]", width: 400, height: 200, orientation: 6)
        let rendition = try ImageProcessor.render(fileAt: path)
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (200, 400))
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.orientationField == nil || decoded.orientationField == 1)
        #expect((decoded.width, decoded.height) == (200, 400))
    }

    /// A photo-like PNG (compressed harder than notesite would) with XMP and a comment in text
    /// chunks comes out as the same file without those chunks.
    @Test func pngLosesItsTextChunks() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("photo.png")
        try TestImage.writePhoto(to: path + "[compression=9]", width: 300, height: 200)
        let clean = try Data(contentsOf: URL(fileURLWithPath: path))
        let tagged = Self.insertingPNGChunks(
            [
                ("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Array(MetadataTests.xmp.utf8)),
                ("tEXt", Array("Comment".utf8) + [0] + Array("taken at home".utf8)),
            ],
            into: clean)
        try tagged.write(to: URL(fileURLWithPath: path))
        #expect(try DecodedImage(fileAt: path).fields.contains("xmp-data"), "the input must carry XMP")

        let rendition = try ImageProcessor.render(fileAt: path, settings: ImageSettings(format: .png))
        #expect(rendition.mimeType == "image/png")
        #expect(rendition.data == clean, "the source without its text chunks, byte for byte")
        let text = String(decoding: rendition.data, as: UTF8.self)
        #expect(!text.contains("xmpmeta") && !text.contains("taken at home"))
    }

    /// PNG chunks inserted after IHDR (which is always first, 8 + 25 bytes in).
    static func insertingPNGChunks(_ chunks: [(String, [UInt8])], into png: Data) -> Data {
        var bytes = [UInt8](png)
        var inserted: [UInt8] = []
        for (type, payload) in chunks {
            let body = Array(type.utf8) + payload
            inserted += bigEndian(UInt32(payload.count)) + body + bigEndian(TestImage.crc32(body))
        }
        bytes.insert(contentsOf: inserted, at: 33)
        return Data(bytes)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A forced format other than the source's is honoured even when the source is smaller.
    @Test func forcedFormatIsHonoured() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("small.jpg")
        try TestImage.writePhoto(to: path + "[Q=40]", width: 300, height: 200)
        #expect(
            try ImageProcessor.render(fileAt: path, settings: ImageSettings(format: .png)).mimeType
                == "image/png")
        #expect(
            try ImageProcessor.render(fileAt: path, settings: ImageSettings(format: .avif)).mimeType
                == "image/avif")
    }

    /// Every corpus image small enough to need no resize, and upright, comes out no larger than
    /// its file, with no EXIF, GPS, XMP or IPTC left.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func smallCorpusImagesNeverGrow() throws {
        let folders = [
            "odd", "pngsuite", "exif-orientation/libvips-progressive", "exif-orientation/recurser",
        ]
        var checked = 0
        for folder in folders {
            for file in Corpus.files(in: folder, extensions: ["jpg", "png", "webp"]) {
                let path = Corpus.path("\(folder)/\(file)")
                // The header only: odd/ holds a 65536x65536 PNG that would fill the memory.
                guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
                    let header = try? ImageHeader.read(from: data), header.width <= 1440,
                    header.orientation == 1, header.pageCount == 1,
                    let rendition = try? ImageProcessor.render(fileAt: path)
                else { continue }
                checked += 1
                #expect(rendition.data.count <= data.count, "\(folder)/\(file) grew")
                #expect(Self.fieldsLeaked(try DecodedImage(rendition.data)).isEmpty, "\(folder)/\(file)")
            }
        }
        #expect(checked > 150, "only \(checked) images checked")
    }

    /// The segments of a JPEG with the given markers (each with its 0xFF, marker and length).
    static func jpegSegments(of data: Data, markers: Set<UInt8>) throws -> Data {
        let bytes = [UInt8](data)
        var found = Data()
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if markers.contains(bytes[offset + 1]) { found += bytes[offset..<offset + 2 + length] }
            offset += 2 + length
        }
        return found
    }
}
