import Foundation
import ImagePipeline
import Testing

/// The image stage as `scripts/bench-images` times it; runs only when NOTESITE_BENCH=1 (use a
/// release build). Environment:
/// - NOTESITE_BENCH_DIR: a folder of images (every file in it, not recursing);
/// - NOTESITE_BENCH_FORMATS: policies, comma-separated (default `auto`);
/// - NOTESITE_BENCH_RUNS: runs per policy, the median is printed (default 3);
/// - NOTESITE_BENCH_JOBS: images rendered at once (default: the processor count);
/// - NOTESITE_BENCH_CACHE: a rendition cache folder to use (default none), to time warm runs;
/// - NOTESITE_BENCH_WEIGHT=1: page weight against the sources and PSNR (BenchmarkTests+PageWeight).
/// Prints `BENCH` lines: time per policy, then raw and inlined (base64) bytes per policy.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["NOTESITE_BENCH"] == "1"))
struct BenchmarkTests {
    static let environment = ProcessInfo.processInfo.environment

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Renders every file with at most `jobs` at once; failures are counted, not fatal.
    static func renderAll(
        _ paths: [String], settings: ImageSettings, jobs: Int, cache: RenditionCache? = nil
    ) async -> [String: ImageRendition] {
        await withTaskGroup(of: (String, ImageRendition?).self) { group in
            var results: [String: ImageRendition] = [:]
            var next = 0
            func add() {
                guard next < paths.count else { return }
                let path = paths[next]
                next += 1
                group.addTask {
                    (path, try? ImageProcessor.render(fileAt: path, settings: settings, cache: cache))
                }
            }
            for _ in 0..<jobs { add() }
            for await (path, rendition) in group {
                if let rendition { results[path] = rendition }
                add()
            }
            return results
        }
    }

    /// Base64 makes 4 bytes of every 3 (rounded up).
    static func inlinedBytes(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    @Test func imageStage() async throws {
        let folder = try #require(Self.environment["NOTESITE_BENCH_DIR"], "set NOTESITE_BENCH_DIR")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let paths = names.map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
        let policies = (Self.environment["NOTESITE_BENCH_FORMATS"] ?? "auto").split(separator: ",")
            .compactMap { ImageFormatPolicy(setting: String($0)) }
        let runs = Int(Self.environment["NOTESITE_BENCH_RUNS"] ?? "") ?? 3
        let jobs =
            Int(Self.environment["NOTESITE_BENCH_JOBS"] ?? "") ?? ProcessInfo.processInfo.activeProcessorCount
        let cache = Self.environment["NOTESITE_BENCH_CACHE"].map {
            RenditionCache(folder: URL(fileURLWithPath: $0))
        }
        print("BENCH \(paths.count) files, \(jobs) at once, \(runs) runs")
        for policy in policies {
            let settings = ImageSettings(format: policy)
            var times: [Double] = []
            var renditions: [String: ImageRendition] = [:]
            for _ in 0..<runs {
                let started = ContinuousClock.now
                renditions = await Self.renderAll(paths, settings: settings, jobs: jobs, cache: cache)
                times.append(Self.seconds(ContinuousClock.now - started))
                if let cache {
                    let statistics = cache.statistics
                    print(
                        String(
                            format: "BENCH cache run: %.3f s, hits %d, encodes %d", times.last ?? 0,
                            statistics.hits,
                            statistics.encodes))
                }
            }
            let median = times.sorted()[times.count / 2]
            let raw = renditions.values.reduce(0) { $0 + $1.data.count }
            let inlined = renditions.values.reduce(0) { $0 + Self.inlinedBytes($1.data.count) }
            var byType: [String: Int] = [:]
            for rendition in renditions.values { byType[rendition.mimeType, default: 0] += 1 }
            let types = byType.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                separator: ", ")
            print(String(format: "BENCH time %@: %.3f s (median of %d)", policy.rawValue, median, runs))
            print(
                "BENCH bytes \(policy.rawValue): \(renditions.count) renditions, raw \(raw), inlined \(inlined) (\(types))"
            )
            if Self.environment["NOTESITE_BENCH_WEIGHT"] == "1" {
                for line in Self.pageWeight(renditions, policy: policy) { print(line) }
            }
            if Self.environment["NOTESITE_BENCH_DETAIL"] == "1" {
                for (path, rendition) in renditions.sorted(by: { $0.key < $1.key }) {
                    print(
                        "BENCH file \(policy.rawValue) \((path as NSString).lastPathComponent): "
                            + "\(rendition.mimeType) \(rendition.pixelWidth)x\(rendition.pixelHeight) \(rendition.data.count)"
                    )
                }
            }
        }
    }
}
