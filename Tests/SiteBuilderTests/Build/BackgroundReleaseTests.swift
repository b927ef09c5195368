import Foundation
import Synchronization
import Testing

@testable import SiteBuilder

struct BackgroundReleaseTests {
    /// The threads that freed watched objects.
    final class Log: Sendable {
        let threads = Mutex<[UInt64]>([])
        let signal = DispatchSemaphore(value: 0)
    }

    /// Notes in the log the thread its deinit ran on.
    final class Watched: Sendable {
        let log: Log
        init(_ log: Log) { self.log = log }
        deinit {
            log.threads.withLock { $0.append(BackgroundReleaseTests.threadID()) }
            log.signal.signal()
        }
    }

    static func threadID() -> UInt64 { UInt64(pthread_self()) }

    /// What is dropped is freed, and not by the caller: a copy kept by the caller (or the value
    /// freed before `drop` returns) would put the teardown back on the build's path.
    @Test func freesOnAnotherThreadAfterTheCallerLetsGo() {
        let log = Log()
        let caller = Self.threadID()
        BackgroundRelease.drop((Watched(log), [Watched(log), Watched(log)]))
        for _ in 0..<3 { #expect(log.signal.wait(timeout: .now() + 30) == .success) }
        let threads = log.threads.withLock { $0 }
        #expect(threads.count == 3)
        #expect(!threads.contains(caller))
    }
}
