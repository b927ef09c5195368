import Synchronization

/// What ``LastResults`` needs of the object a result was made from: its note's path.
protocol NoteSource: AnyObject, Sendable {
    var path: String { get }
}

extension SourceNote: NoteSource {}
extension ResolvedNote: NoteSource {}

/// One stage's per-note results from the last build in this process, each beside the object it was
/// made from. Read and Resolve hand on the very objects they reuse, so a note that a save did not
/// change reaches later stages as the same object, and its result comes back by identity: no key
/// hashed, no path looked up, no lock taken per note (a save at 10,000 notes looked up every note
/// in a dozen path-keyed caches). Only the last build's results are kept, so memory stays bounded.
final class LastResults<Source: NoteSource, Value: Sendable>: Sendable {
    /// The results of one build, read by many tasks at once and never changed.
    struct Made: Sendable {
        fileprivate let context: ContentKey
        /// Held so that no object is freed and its address given to a new one while it is looked up.
        fileprivate let sources: [Source]
        fileprivate let values: [Value]
        /// Per result, the page it was made for, when a result depends on that too.
        fileprivate let pages: [String]
        fileprivate let keys: [ContentKey]
        /// Each object's place, made only when a lookup finds notes moved (added, removed, renamed).
        fileprivate let places: Places

        /// The value made last time from this very object (for the same page, when given), which
        /// was then at `index` in the build's list unless notes were added or removed since.
        func value(for source: Source, at index: Int, page: String? = nil) -> Value? {
            self.index(of: source, at: index, page: page).map { values[$0] }
        }

        /// The same, with the key it was remembered with.
        func keyed(for source: Source, at index: Int, page: String? = nil) -> (value: Value, key: ContentKey)?
        {
            guard let found = self.index(of: source, at: index, page: page), found < keys.count else {
                return nil
            }
            return (values[found], keys[found])
        }

        private func index(of source: Source, at index: Int, page: String?) -> Int? {
            let found: Int
            if index < sources.count, sources[index] === source {
                found = index
            } else if index < sources.count, sources[index].path == source.path {
                // The same note at the same place, as another object: it changed.
                return nil
            } else {
                guard let place = places.place(of: source, in: sources) else { return nil }
                found = place
            }
            if let page, found >= pages.count || pages[found] != page { return nil }
            return found
        }
    }

    /// Objects' places in a build's list, found once when first asked for.
    fileprivate final class Places: Sendable {
        private let table = Mutex<[ObjectIdentifier: Int]?>(nil)

        func place(of source: Source, in sources: [Source]) -> Int? {
            table.withLock { table in
                if table == nil {
                    var made: [ObjectIdentifier: Int] = [:]
                    made.reserveCapacity(sources.count)
                    for (index, source) in sources.enumerated() { made[ObjectIdentifier(source)] = index }
                    table = made
                }
                return table?[ObjectIdentifier(source)]
            }
        }
    }

    private let last = Mutex<Made?>(nil)
    private let reusedCount = Atomic<Int>(0)

    /// How many results were reused rather than made again, over all builds, when counted.
    var reused: Int { reusedCount.load(ordering: .relaxed) }

    func countReused(_ count: Int) {
        reusedCount.add(count, ordering: .relaxed)
    }

    /// The last build's results, when they were made in the same `context` (what every result
    /// also depends on: settings, the link context); nil otherwise, and everything is made anew.
    func made(context: ContentKey = ContentKey(0)) -> Made? {
        last.withLock { made in made?.context == context ? made : nil }
    }

    /// This build's results, for the next one: `values[i]` was made from `sources[i]` (for
    /// `pages[i]`, and with `keys[i]`, when given).
    func remember(
        _ values: [Value], from sources: [Source], pages: [String] = [], keys: [ContentKey] = [],
        context: ContentKey = ContentKey(0)
    ) {
        let made = Made(
            context: context, sources: sources, values: values, pages: pages, keys: keys, places: Places())
        last.withLock { $0 = made }
    }
}
