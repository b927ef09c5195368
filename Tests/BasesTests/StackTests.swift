import Foundation
import Testing

@testable import Bases

/// The deepest evaluation the bounds allow fits in a small thread stack, even in a debug build
/// (tasks and worker threads may have less than the main thread's 8 MB).
@Suite struct StackTests {
    final class Box: @unchecked Sendable {
        // Written by the thread before the semaphore is signalled, read after: no overlap.
        var result: BaseResult?
    }

    @Test func deepestEvaluationFitsInTwoMegabytes() {
        let nested = (0..<20).reduce("formula.f0") { inner, _ in "if(true, [\(inner)][0])" }
        var yaml = "formulas:\n  f0: '1'\n"
        for index in 1..<40 {
            yaml += "  f\(index): '\(nested.replacingOccurrences(of: "f0", with: "f\(index - 1)"))'\n"
        }
        yaml += "views:\n  - type: table\n    order: [formula.f39, formula.f1]\n"
        let text = yaml
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Fixture.result(text)
            done.signal()
        }
        thread.stackSize = 1 << 21
        thread.start()
        done.wait()
        #expect(box.result?.views.first?.rows.first?.cells.map(\.text) == ["", "1"])
        #expect(box.result?.diagnostics.contains { $0.message.contains("deeper than") } == true)
    }
}
