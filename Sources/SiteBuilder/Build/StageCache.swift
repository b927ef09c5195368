import Synchronization

/// One stage's results from earlier builds in this process, a slot each (a note's path, a page's
/// path), every result kept with the key of the inputs it was made from. A result is reused only
/// when its inputs' key is the same again; a slot holds one result, so memory stays bounded.
final class StageCache<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        let key: ContentKey
        let value: Value
        /// Whether a lookup asked for the slot since the last ``keepUsed()``.
        var used: Bool
    }

    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        var reused = 0
        var made = 0
    }

    /// One lock for entries and counts: a save in a large vault looks up every note in a dozen caches.
    private let state = Mutex(State())

    /// The value made from inputs with this key, or a new one made now and remembered.
    func value(slot: String, key: ContentKey, make: () -> Value) -> Value {
        if let known = known(slot: slot, key: key) { return known }
        let value = make()
        store(value, slot: slot, key: key)
        return value
    }

    /// `cache`'s value for the slot, or `make()` outright when there is no cache (a build outside
    /// `serve`); the key is then not even computed.
    static func value(
        in cache: StageCache?, slot: String, key: @autoclosure () -> ContentKey, make: () -> Value
    ) -> Value {
        guard let cache else { return make() }
        return cache.value(slot: slot, key: key(), make: make)
    }

    /// The value made from inputs with this key, if an earlier build made one (for stages whose
    /// work is asynchronous: they `store` what they make).
    func known(slot: String, key: ContentKey) -> Value? {
        state.withLock { state in
            guard let index = state.entries.index(forKey: slot) else { return nil }
            state.entries.values[index].used = true
            let entry = state.entries.values[index]
            guard entry.key == key else { return nil }
            state.reused += 1
            return entry.value
        }
    }

    func store(_ value: Value, slot: String, key: ContentKey) {
        state.withLock { state in
            state.entries[slot] = Entry(key: key, value: value, used: true)
            state.made += 1
        }
    }

    /// Forgets the slots that no lookup asked for since the last call (notes deleted, pages no
    /// longer made), for a stage that looks up every slot it still has on each build. Unlike
    /// ``keep(only:)``, it hashes no path: a set of every note's path per cache per save showed.
    func keepUsed() {
        state.withLock { state in
            var unused: [String] = []
            // Walked by index, not `indices`: that collection holds the storage, so the first
            // write would copy the whole dictionary (a save at 10,000 notes showed it).
            var index = state.entries.startIndex
            while index != state.entries.endIndex {
                if state.entries.values[index].used {
                    state.entries.values[index].used = false
                } else {
                    unused.append(state.entries.keys[index])
                }
                state.entries.formIndex(after: &index)
            }
            for slot in unused { state.entries[slot] = nil }
        }
    }

    /// Forgets the slots not in `slots`.
    func keep(only slots: Set<String>) {
        // Removed in place: a rebuild usually forgets nothing.
        state.withLock { state in
            let gone = state.entries.keys.filter { !slots.contains($0) }
            for slot in gone { state.entries[slot] = nil }
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
    var reused: Int { state.withLock { $0.reused } }
    var made: Int { state.withLock { $0.made } }
}
