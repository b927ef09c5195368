import Synchronization

/// One stage's per-note results from the last build in this process, each beside the object it was
/// made from. Read and Resolve hand on the very objects they reuse, so a note that a save did not
/// change reaches later stages as the same object, and its result comes back by identity: no key
/// hashed, no path looked up, no lock taken per note (a save at 10,000 notes looked up every note
/// in a dozen path-keyed caches). Only the last build's results are kept, so memory stays bounded.
final class LastResults<Source: AnyObject & Sendable, Value: Sendable>: Sendable {
    /// The results of one build, read by many tasks at once and never changed.
    struct Made: Sendable {
        fileprivate let context: ContentKey
        /// Held so that no object in `position` is freed and its address given to a new one.
        fileprivate let sources: [Source]
        fileprivate let values: [Value]
        /// Per result, the page it was made for, when a result depends on that too.
        fileprivate let pages: [String]
        fileprivate let keys: [ContentKey]
        fileprivate let position: [ObjectIdentifier: Int]

        /// The value made last time from this very object (for the same page, when given).
        func value(for source: Source, page: String? = nil) -> Value? {
            index(of: source, page: page).map { values[$0] }
        }

        /// The same, with the key it was remembered with.
        func keyed(for source: Source, page: String? = nil) -> (value: Value, key: ContentKey)? {
            guard let index = index(of: source, page: page), index < keys.count else { return nil }
            return (values[index], keys[index])
        }

        private func index(of source: Source, page: String?) -> Int? {
            guard let index = position[ObjectIdentifier(source)] else { return nil }
            if let page, index >= pages.count || pages[index] != page { return nil }
            return index
        }
    }

    private let last = Mutex<Made?>(nil)

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
        var position: [ObjectIdentifier: Int] = [:]
        position.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() { position[ObjectIdentifier(source)] = index }
        let made = Made(
            context: context, sources: sources, values: values, pages: pages, keys: keys, position: position)
        last.withLock { $0 = made }
    }
}
