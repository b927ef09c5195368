import Foundation
import ImagePipeline
import Testing

/// Every EXIF orientation comes out upright: compared with the orientation-1 photo's rendition.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct OrientationTests {
    static let folder = "exif-orientation/recurser"
    static let files = Corpus.files(in: folder, extensions: ["jpg"])

    /// Correct renditions differ from the reference by under 1 per cell (measured 0.71 at most);
    /// a wrong orientation by over 18 in some cell.
    static let tolerance = 5.0

    static func reference(for file: String) throws -> DecodedImage {
        let name = file.hasPrefix("Landscape") ? "Landscape_1.jpg" : "Portrait_1.jpg"
        let rendition = try ImageProcessor.render(fileAt: Corpus.path("\(folder)/\(name)"))
        return try DecodedImage(rendition.data)
    }

    @Test func corpusHasEighteenFiles() {
        #expect(Self.files.count == 18)
    }

    @Test(arguments: files)
    func comesOutUpright(_ file: String) throws {
        let rendition = try ImageProcessor.render(fileAt: Corpus.path("\(Self.folder)/\(file)"))
        let decoded = try DecodedImage(rendition.data)
        let landscape = file.hasPrefix("Landscape")
        let expected = landscape ? (1440, 960) : (1200, 1800)
        #expect((decoded.width, decoded.height) == expected)
        #expect((rendition.pixelWidth, rendition.pixelHeight) == expected)
        #expect((rendition.cssWidth, rendition.cssHeight) == (landscape ? (720, 480) : (720, 1080)))
        #expect(decoded.orientationField == nil || decoded.orientationField == 1)

        let reference = try Self.reference(for: file).gridColours()
        let cells = decoded.gridColours()
        for (index, pair) in zip(cells, reference).enumerated() {
            let distance = colourDistance(pair.0, pair.1)
            #expect(distance < Self.tolerance, "cell \(index) differs by \(distance)")
        }
    }

    /// The comparison above can fail: a file decoded without turning it upright is far off.
    @Test(arguments: [
        "Landscape_2.jpg", "Landscape_3.jpg", "Landscape_4.jpg", "Portrait_2.jpg", "Portrait_3.jpg",
    ])
    func comparisonCatchesAnUnturnedImage(_ file: String) throws {
        let raw = try DecodedImage(fileAt: Corpus.path("\(Self.folder)/\(file)"))
        let reference = try Self.reference(for: file).gridColours()
        let worst = zip(raw.gridColours(), reference).map { colourDistance($0.0, $0.1) }.max() ?? 0
        #expect(worst > Self.tolerance * 3)
    }

    /// libvips' own progressive JPEGs tagged 1-8 (1-4 are 308x410, 5-8 a smaller 308x231 stored
    /// sideways) all come out as the upright orientation-1 picture.
    @Test(arguments: 1...8)
    func progressiveJPEGComesOutUpright(_ number: Int) throws {
        let folder = "exif-orientation/libvips-progressive"
        let rendition = try ImageProcessor.render(fileAt: Corpus.path("\(folder)/\(number).jpg"))
        let decoded = try DecodedImage(rendition.data)
        let expected = number <= 4 ? (308, 410) : (231, 308)
        #expect((decoded.width, decoded.height) == expected)
        #expect((rendition.cssWidth, rendition.cssHeight) == expected)
        let reference = try DecodedImage(
            try ImageProcessor.render(fileAt: Corpus.path("\(folder)/1.jpg")).data)
        for (index, pair) in zip(decoded.gridColours(), reference.gridColours()).enumerated() {
            let distance = colourDistance(pair.0, pair.1)
            #expect(distance < Self.progressiveTolerance, "cell \(index) differs by \(distance)")
        }
    }

    /// The progressive set differs in resolution (5-8 are smaller), so cells differ a little more.
    static let progressiveTolerance = 12.0

    /// libheif applies the AVIF container's rotation itself; it must not be applied twice. The
    /// photo (a buffet table under windows) is upright when its top-right quarter, the windows,
    /// is the bluest; turned any way, the orange fruit or the chairs take that corner.
    @Test func avifWithContainerRotationIsUpright() throws {
        let path = Corpus.path("exif-orientation/libvips-progressive/avif-orientation-6.avif")
        let rendition = try ImageProcessor.render(fileAt: path)
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (1440, 1920))
        #expect((rendition.cssWidth, rendition.cssHeight) == (720, 960))
        let decoded = try DecodedImage(rendition.data)
        let quarters = [
            (0.0...0.5, 0.0...0.5), (0.5...1.0, 0.0...0.5), (0.0...0.5, 0.5...1.0), (0.5...1.0, 0.5...1.0),
        ]
        let blueness = quarters.map { quarter in
            let mean = decoded.mean(x: quarter.0, y: quarter.1)
            return mean[2] - mean[0]
        }
        #expect(blueness.firstIndex(of: blueness.max() ?? 0) == 1, "blue minus red by quarter: \(blueness)")
    }
}

@Test func corpusIsPresentUnderCI() {
    if Corpus.mustBePresent {
        #expect(Corpus.isAvailable, "CI=true but \(Corpus.skipMessage)")
    }
}
