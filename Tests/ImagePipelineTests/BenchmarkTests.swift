import Foundation
import ImagePipeline
import Testing

/// Timings for `scripts/bench-images`; runs only when NOTESITE_BENCH=1 (use a release build).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["NOTESITE_BENCH"] == "1"))
struct BenchmarkTests {
    static let runs = 5

    static func median(_ body: () throws -> Void) rethrows -> Duration {
        var times: [Duration] = []
        for _ in 0..<runs {
            let started = ContinuousClock.now
            try body()
            times.append(ContinuousClock.now - started)
        }
        return times.sorted()[runs / 2]
    }

    static func report(_ label: String, _ duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        print("BENCH \(label): \(String(format: "%.3f", seconds)) s (median of \(runs))")
    }

    @Test func recurserAndLargeJPEG() async throws {
        let recurser = Corpus.files(in: OrientationTests.folder, extensions: ["jpg"])
            .map { Corpus.path("\(OrientationTests.folder)/\($0)") }
        try #require(recurser.count == 18, "\(Corpus.skipMessage)")
        let serial = try Self.median {
            for path in recurser { _ = try ImageProcessor.render(fileAt: path) }
        }
        Self.report("notesite 18 recurser JPEGs, one at a time", serial)

        var parallelTimes: [Duration] = []
        for _ in 0..<Self.runs {
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for path in recurser {
                    group.addTask { _ = try ImageProcessor.render(fileAt: path) }
                }
                try await group.waitForAll()
            }
            parallelTimes.append(ContinuousClock.now - started)
        }
        Self.report("notesite 18 recurser JPEGs, task group", parallelTimes.sorted()[Self.runs / 2])

        let large = ProcessInfo.processInfo.environment["NOTESITE_BENCH_LARGE"] ?? ""
        guard !large.isEmpty else { return }
        var rendition: ImageRendition?
        let single = try Self.median { rendition = try ImageProcessor.render(fileAt: large) }
        Self.report("notesite 4000x3000 JPEG", single)
        if let rendition {
            print(
                "BENCH large output: \(rendition.pixelWidth)x\(rendition.pixelHeight), \(rendition.data.count) bytes"
            )
        }
    }
}
