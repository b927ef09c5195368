import Foundation
import ImagePipeline
import Testing

/// No metadata survives: EXIF (GPS included), XMP, IPTC, ICC; orientation gone or 1.
@Suite struct MetadataTests {
    static let corpusFiles = [
        "exif-orientation/recurser/Landscape_6.jpg",  // EXIF with orientation
        "exif-orientation/libvips-progressive/1.jpg",  // XMP
        "exif-orientation/libvips-progressive/avif-orientation-6.avif",  // EXIF with GPS
        "odd/Channel_digital_image_CMYK_color.jpg",  // IPTC, XMP, CMYK ICC profile
        "odd/16-bit-grey-alpha.png",  // XMP, ICC
        "odd/p3.png",  // Display P3 ICC
    ]

    static let xmp = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="38,42.5N"/>\
        </rdf:RDF></x:xmpmeta>
        """

    static func expectClean(_ rendition: ImageRendition, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let decoded = try DecodedImage(rendition.data)
        let leaked = decoded.fields.filter { field in
            let name = field.lowercased()
            return name.hasPrefix("exif-") || name.contains("gps") || name.contains("xmp")
                || name.contains("iptc")
                || name.contains("photoshop") || name.contains("icc")
        }
        #expect(leaked.isEmpty, "metadata left in output: \(leaked)", sourceLocation: sourceLocation)
        #expect(
            decoded.orientationField == nil || decoded.orientationField == 1, sourceLocation: sourceLocation)
        // The payload must not hide in the bytes under another name either.
        let text = String(decoding: Array(rendition.data), as: UTF8.self)
        #expect(!text.contains("GPSLatitude") && !text.contains("xmpmeta"), sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: corpusFiles)
    func corpusFileLosesAllMetadata(_ file: String) throws {
        let source = try DecodedImage(fileAt: Corpus.path(file))
        let rendition = try ImageProcessor.render(fileAt: Corpus.path(file))
        try Self.expectClean(rendition)
        let tagged = source.fields.contains { $0.hasPrefix("exif-") || $0.hasSuffix("-data") }
        #expect(tagged, "the source must carry metadata to begin with")
    }

    /// Photos come out as AVIF: libheif must not carry the source's EXIF (GPS included) across.
    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        arguments: [
            "exif-orientation/recurser/Landscape_6.jpg",
            "exif-orientation/libvips-progressive/avif-orientation-6.avif",
        ])
    func photoEncodedAsAVIFLosesAllMetadata(_ file: String) throws {
        let rendition = try ImageProcessor.render(fileAt: Corpus.path(file))
        #expect(rendition.mimeType == "image/avif")
        try Self.expectClean(rendition)
    }

    @Test(arguments: ["jpg", "png", "webp", "tif"])
    func generatedFileLosesAllMetadata(_ fileExtension: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("tagged.\(fileExtension)")
        try TestImage.writeQuadrants(to: path, width: 300, height: 200, orientation: 1, xmp: Self.xmp)
        let source = try DecodedImage(fileAt: path)
        #expect(source.fields.contains("xmp-data"), "the test image must carry XMP to begin with")
        try Self.expectClean(try ImageProcessor.render(fileAt: path))
    }

    /// A generated JPEG tagged orientation 6 comes out turned, with the tag gone.
    @Test func generatedOrientationIsAppliedThenDropped() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("turned.jpg")
        try TestImage.writeQuadrants(to: path + "[Q=95]", width: 400, height: 200, orientation: 6)
        #expect(try DecodedImage(fileAt: path).orientationField == 6)
        let rendition = try ImageProcessor.render(fileAt: path)
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (200, 400))
        #expect((rendition.cssWidth, rendition.cssHeight) == (200, 400))
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.orientationField == nil || decoded.orientationField == 1)
        // Orientation 6 turns the image 90 degrees clockwise: the bottom-left quadrant (blue)
        // ends up top-left, the top-left one (red) top-right.
        let topLeft = Array(decoded.mean(x: 0.1...0.4, y: 0.1...0.4).prefix(3))
        let topRight = Array(decoded.mean(x: 0.6...0.9, y: 0.1...0.4).prefix(3))
        #expect(colourDistance(topLeft, TestImage.quadrantColours[2].map(Double.init)) < 12)
        #expect(colourDistance(topRight, TestImage.quadrantColours[0].map(Double.init)) < 12)
    }
}
