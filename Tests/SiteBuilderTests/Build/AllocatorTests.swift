import Foundation
import Testing

/// The `notesite` program allocates through jemalloc on Linux (Package.swift says why). jemalloc
/// prints its statistics at exit when `MALLOC_CONF` asks it to; glibc's malloc ignores the setting.
@Suite struct AllocatorTests {
    @Test("the notesite program allocates through jemalloc")
    func programUsesJemalloc() throws {
        #if os(Linux)
            guard let notesite = OutputSafetyTests.notesiteBinaryOrSkip() else { return }
            let help = try OutputSafetyTests.run(
                notesite, ["help"], environment: ["MALLOC_CONF": "stats_print:true"])
            #expect(help.status == 0)
            #expect(help.log.contains("jemalloc statistics"))
        #else
            print("skipped: jemalloc is linked on Linux only")
        #endif
    }
}
