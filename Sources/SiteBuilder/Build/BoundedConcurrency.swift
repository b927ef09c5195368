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
        for item in items {
            results.append(await transform(item))
            if results.count % 16 == 0 { await Task.yield() }
        }
        return results
    }
    let claims = ItemClaims()
    return await withTaskGroup(of: [(Int, Result)].self) { group in
        for _ in 0..<workers {
            group.addTask {
                var done: [(Int, Result)] = []
                while let index = claims.next(below: items.count) {
                    done.append((index, await transform(items[index])))
                    // A worker that never suspends would hold its thread for the whole stage and
                    // starve every other task of the process (the progress bar, serve's watcher).
                    if done.count % 16 == 0 { await Task.yield() }
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

/// The next item index for whichever worker asks first.
private final class ItemClaims: Sendable {
    private let claimed = Atomic<Int>(0)

    func next(below count: Int) -> Int? {
        let index = claimed.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }
}
