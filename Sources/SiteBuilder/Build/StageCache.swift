import Synchronization

/// One stage's results from earlier builds in this process, a slot each (a note's path, a page's
/// path), every result kept with the key of the inputs it was made from. A result is reused only
/// when its inputs' key is the same again; a slot holds one result, so memory stays bounded.
final class StageCache<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        let key: ContentKey
        let value: Value
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let counts = Mutex((reused: 0, made: 0))

    /// The value made from inputs with this key, or a new one made now and remembered.
    func value(slot: String, key: ContentKey, make: () -> Value) -> Value {
        let known = entries.withLock { entries in entries[slot].flatMap { $0.key == key ? $0.value : nil } }
        if let known {
            counts.withLock { $0.reused += 1 }
            return known
        }
        let value = make()
        entries.withLock { $0[slot] = Entry(key: key, value: value) }
        counts.withLock { $0.made += 1 }
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
        let known = entries.withLock { entries in entries[slot].flatMap { $0.key == key ? $0.value : nil } }
        counts.withLock { if known != nil { $0.reused += 1 } }
        return known
    }

    func store(_ value: Value, slot: String, key: ContentKey) {
        entries.withLock { $0[slot] = Entry(key: key, value: value) }
        counts.withLock { $0.made += 1 }
    }

    /// Forgets the slots not in `slots` (notes deleted, pages no longer made).
    func keep(only slots: Set<String>) {
        // Removed in place: a rebuild usually forgets nothing, and a filtered copy of every entry
        // per cache was a visible part of a save in a large vault.
        entries.withLock { entries in
            let gone = entries.keys.filter { !slots.contains($0) }
            for slot in gone { entries[slot] = nil }
        }
    }

    var count: Int { entries.withLock { $0.count } }
    var reused: Int { counts.withLock { $0.reused } }
    var made: Int { counts.withLock { $0.made } }
}
