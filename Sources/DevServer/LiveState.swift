import Foundation

/// The snapshot being served, shared by request threads, event streams and the rebuild task.
/// `@unchecked Sendable`: every stored property is read and written only while `condition` is locked.
final class LiveState: @unchecked Sendable {
    private let condition = NSCondition()
    private var snapshot: SiteSnapshot
    private var stopping = false

    init(_ snapshot: SiteSnapshot) {
        self.snapshot = snapshot
    }

    var current: SiteSnapshot {
        condition.lock()
        defer { condition.unlock() }
        return snapshot
    }

    var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    /// Swaps in a new build and wakes every waiting event stream.
    func publish(_ next: SiteSnapshot) {
        condition.lock()
        snapshot = next
        condition.broadcast()
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    enum Wait {
        case snapshot(SiteSnapshot)
        case timedOut
        case stopping
    }

    /// Blocks the calling thread until a build newer than `version` is published, the server stops,
    /// or `deadline` passes. Only event-stream threads (one per connection) wait here.
    func wait(newerThan version: Int, until deadline: Date) -> Wait {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopping { return .stopping }
            if snapshot.version > version { return .snapshot(snapshot) }
            if !condition.wait(until: deadline) { return .timedOut }
        }
    }
}
