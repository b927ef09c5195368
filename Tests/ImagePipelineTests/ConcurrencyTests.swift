import Foundation
import ImagePipeline
import Testing

/// Many renders at once give the same answers as one at a time, error messages included
/// (libvips keeps one error buffer for the whole process).
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct ConcurrencyTests {
    static let files = [
        "odd/truncated.jpg", "odd/truncated.png", "odd/corrupt-header.jpg", "pngsuite/xhdn0g08.png",
        "pngsuite/xcsn0g01.png", "pngsuite/xd0n2c08.png", "odd/favicon.ico", "odd/pitm.avif",
        "exif-orientation/recurser/Landscape_5.jpg", "odd/indexed.png", "odd/cogs.gif", "odd/logo.svg",
        "odd/65536-uint32-limit.png",
    ]

    static func outcome(_ file: String) -> String {
        do {
            let rendition = try ImageProcessor.render(fileAt: Corpus.path(file))
            return "ok \(rendition.mimeType) \(rendition.pixelWidth)x\(rendition.pixelHeight)"
        } catch {
            return "error \(error)"
        }
    }

    @Test func parallelResultsMatchSerialOnes() async {
        let serial = Dictionary(uniqueKeysWithValues: Self.files.map { ($0, Self.outcome($0)) })
        let rounds = 4
        let parallel = await withTaskGroup(of: (String, String).self) { group in
            for _ in 0..<rounds {
                for file in Self.files {
                    group.addTask { (file, Self.outcome(file)) }
                }
            }
            var results: [(String, String)] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(parallel.count == Self.files.count * rounds)
        for (file, outcome) in parallel {
            #expect(outcome == serial[file], "\(file)")
        }
        #expect(serial.values.filter { $0.hasPrefix("error") }.count >= 7)
    }
}
