import Synchronization

/// Frees values on a background task: tearing down a parsed vault (thousands of documents, each
/// an array of blocks of spans) is about 1.5% of a cold build's CPU, and Write need not wait.
enum BackgroundRelease {
    /// Takes `value` over; it is freed on a background task. Pass it with `consume`, so that no
    /// copy stays with the caller to be freed there instead.
    /// Not `freeing` suits a process that exits right after: the exit gives the memory back at
    /// no cost, so the value is kept until then.
    static func drop<Value: Sendable>(_ value: consuming Value, freeing: Bool = true) {
        let box = Box(value)
        guard freeing else {
            _ = Unmanaged.passRetained(box)
            return
        }
        Task.detached(priority: .utility) { box.empty() }
    }

    private final class Box<Value: Sendable>: Sendable {
        let held: Mutex<Value?>
        init(_ value: consuming Value) { held = Mutex(value) }
        func empty() { held.withLock { $0 = nil } }
    }
}
