import Synchronization

/// How far a build has got, for a progress bar: the stage running and its counts.
/// The build advances it from many tasks at once; the command line reads it from a timer.
public final class BuildProgress: Sendable {
    public struct Snapshot: Sendable, Equatable {
        public var stage: String
        public var done: Int
        public var total: Int

        public init(stage: String, done: Int, total: Int) {
            self.stage = stage
            self.done = done
            self.total = total
        }
    }

    private let state = Mutex(Snapshot(stage: "starting", done: 0, total: 0))

    public init() {}

    public var snapshot: Snapshot { state.withLock { $0 } }

    /// Begins a stage of `total` steps.
    public func start(_ stage: String, total: Int) {
        state.withLock { $0 = Snapshot(stage: stage, done: 0, total: total) }
    }

    /// One more step of the current stage is done.
    public func advance() {
        state.withLock { $0.done = min($0.done + 1, max($0.total, $0.done + 1)) }
    }
}
