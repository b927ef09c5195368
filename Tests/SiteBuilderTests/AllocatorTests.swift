import Foundation
import Testing

/// The `notesite` program allocates through jemalloc on Linux (Package.swift says why). jemalloc
/// prints its statistics at exit when `MALLOC_CONF` asks it to; glibc's malloc ignores the setting.
@Suite struct AllocatorTests {
    @Test("the notesite program allocates through jemalloc")
    func programUsesJemalloc() throws {
        #if os(Linux)
            guard let notesite = OutputSafetyTests.notesiteBinary else {
                #expect(
                    ProcessInfo.processInfo.environment["CI"] != "true", "no notesite binary beside the tests"
                )
                print("skipped: no notesite binary beside the test binary (run swift build first)")
                return
            }
            let process = Process()
            process.executableURL = notesite
            process.arguments = ["help"]
            var environment = ProcessInfo.processInfo.environment
            environment["MALLOC_CONF"] = "stats_print:true"
            process.environment = environment
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(String(decoding: data, as: UTF8.self).contains("jemalloc statistics"))
        #else
            print("skipped: jemalloc is linked on Linux only")
        #endif
    }
}
