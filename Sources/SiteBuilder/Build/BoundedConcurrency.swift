import Synchronization

/// Maps `items` on at most `limit` child tasks, keeping the input order. Each task takes the next
/// unclaimed item until none is left, so a slow item does not hold up the rest, and a task is made
/// per worker, not per item: in `serve`, most items are cache hits that cost less than a task.
func concurrentMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], limit: Int, _ transform: @escaping @Sendable (Item) async -> Result
) async -> [Result] {
    let workers = min(max(1, limit), items.count)
    guard workers > 1 else {
        var results: [Result] = []
        results.reserveCapacity(items.count)
        var pacer = YieldPacer()
        for item in items {
            results.append(await transform(item))
            await pacer.yieldIfDue()
        }
        return results
    }
    let claims = ItemClaims()
    return await withTaskGroup(of: [(Int, Result)].self) { group in
        for _ in 0..<workers {
            group.addTask {
                var done: [(Int, Result)] = []
                var pacer = YieldPacer()
                while let index = claims.next(below: items.count) {
                    done.append((index, await transform(items[index])))
                    await pacer.yieldIfDue()
                }
                return done
            }
        }
        var results: [Result?] = Array(repeating: nil, count: items.count)
        for await done in group {
            for (index, result) in done { results[index] = result }
        }
        return results.compactMap { $0 }
    }
}

/// A worker that never suspends would hold its thread for the whole stage and starve every other
/// task of the process (the progress bar, serve's watcher); one that yields after every few items
/// wakes an idle thread each time, which cost 3% of a build's CPU. So a worker yields once a
/// slice of time has passed: reading the clock costs far less than a yield.
struct YieldPacer {
    static let slice = Duration.milliseconds(5)
    private var due = ContinuousClock.now + slice

    mutating func yieldIfDue() async {
        let now = ContinuousClock.now
        guard now >= due else { return }
        due = now + Self.slice
        await Task.yield()
    }
}

/// The next item index for whichever worker asks first.
private final class ItemClaims: Sendable {
    private let claimed = Atomic<Int>(0)

    func next(below count: Int) -> Int? {
        let index = claimed.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }
}
