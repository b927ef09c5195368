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

    /// libheif applies the AVIF container's rotation itself; it must not be applied twice.
    @Test func avifWithContainerRotationIsUpright() throws {
        let path = Corpus.path("exif-orientation/libvips-progressive/avif-orientation-6.avif")
        let rendition = try ImageProcessor.render(fileAt: path)
        #expect(rendition.mimeType == "image/webp")
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (1440, 1920))
        #expect((rendition.cssWidth, rendition.cssHeight) == (720, 960))
    }
}

@Test func corpusIsPresentUnderCI() {
    if Corpus.mustBePresent {
        #expect(Corpus.isAvailable, "CI=true but \(Corpus.skipMessage)")
    }
}
