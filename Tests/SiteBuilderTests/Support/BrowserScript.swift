import ChildProcess
import Foundation
import Testing

/// Runs one of Tests/Browser's selenium scripts (headless Chromium over a built site) and expects
/// it to pass: exit status 0 and "N passed, 0 failed" as its last line.
enum BrowserScript {
    static let python = "/usr/bin/python3"

    /// Whether Chromium can be driven here. A user's clone without the browser skips the check;
    /// under `CI=true` its absence is a failure (scripts/setup --test installs it).
    static func isAvailable(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let ready =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
            && FileManager.default.isExecutableFile(atPath: python)
        if !ready {
            let ci = ProcessInfo.processInfo.environment["CI"] == "true"
            #expect(
                !ci, "chromium-driver and python3-selenium are required in CI (scripts/setup --test)",
                sourceLocation: sourceLocation)
        }
        return ready
    }

    /// A browser test's time limit: `minutes` in the normal run. Under scripts/sanitize every test of
    /// the instrumented suite starts at once on two cores and a build there is many times slower
    /// (tests waited 12 minutes for their turn), so the bound only stops a hang.
    static func timeLimit(minutes: Int) -> TimeLimitTrait {
        .timeLimit(.minutes(ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] == nil ? minutes : 30))
    }

    /// Runs `arguments` (the script's path first) and returns what it printed.
    @discardableResult
    static func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String
    {
        let process = try ChildProcess(python, arguments, output: .pipe, error: .sameAsOutput)
        let printed = String(decoding: process.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        #expect(process.exitCode() == 0, "\(printed)", sourceLocation: sourceLocation)
        #expect(
            printed.contains(" 0 failed") && !printed.contains("\nFAIL"), "\(printed)",
            sourceLocation: sourceLocation)
        return printed
    }
}
