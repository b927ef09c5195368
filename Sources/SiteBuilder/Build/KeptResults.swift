/// One kind of result a stage keeps between builds of one process (`notesite serve`), named once
/// beside the stage: ``BuildMemory`` holds a store per name, made when first asked for.
struct Kept<Value: Sendable>: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// One kind of per-note result a stage keeps: each beside the note object it was made from
/// (``LastResults``), so an unchanged note's result comes back by identity.
struct KeptPerNote<Source: NoteSource, Value: Sendable>: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// One value a stage hands to its next run as it is, for a stage that compares it with its new
/// input itself (the last scan's vault, the last link context).
struct KeptLast<Value: Sendable>: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// How a stage is written once, as if every build were cold: it says what it makes and from what
/// (the key), and in `serve` gets back what an earlier build made from the same inputs. In a cold
/// build nothing is kept and no key is computed.
extension StageContext {
    /// `make()`; in `serve`, what an earlier build made in this slot from inputs with this `key`.
    func value<Value>(
        _ kept: Kept<Value>, slot: String = "", key: @autoclosure () -> ContentKey, make: () -> Value
    ) -> Value {
        guard let memory else { return make() }
        return memory.store(kept).value(slot: slot, key: key(), make: make)
    }

    /// ``value(_:slot:key:make:)`` for work done asynchronously.
    func value<Value>(
        _ kept: Kept<Value>, slot: String = "", key: @autoclosure () -> ContentKey,
        make: () async -> Value
    ) async -> Value {
        guard let memory else { return await make() }
        let store = memory.store(kept)
        let key = key()
        if let known = store.known(slot: slot, key: key) { return known }
        let value = await make()
        store.store(value, slot: slot, key: key)
        return value
    }

    /// The same for a result made differently when it is kept: `make` is given the key (nil in a
    /// cold build), and may make more then for later stages' keys.
    func value<Value>(
        _ kept: Kept<Value>, slot: String = "", keyed key: @autoclosure () -> ContentKey,
        make: (ContentKey?) async -> Value
    ) async -> Value {
        guard let memory else { return await make(nil) }
        let store = memory.store(kept)
        let key = key()
        if let known = store.known(slot: slot, key: key) { return known }
        let value = await make(key)
        store.store(value, slot: slot, key: key)
        return value
    }

    /// The store of `kept` for a part that looks its slots up itself; nil in a cold build.
    func store<Value>(_ kept: Kept<Value>) -> StageCache<Value>? {
        memory?.store(kept)
    }

    /// The value the last build kept as `kept`; always nil in a cold build.
    func last<Value>(_ kept: KeptLast<Value>) -> Value? {
        memory?.store(kept).value.withLock { $0 }
    }

    /// Keeps `value` for the next build (nothing is kept in a cold build).
    func keep<Value>(_ value: @autoclosure () -> Value, as kept: KeptLast<Value>) {
        guard let memory else { return }
        let value = value()
        memory.store(kept).value.withLock { $0 = value }
    }

    /// What a watcher saw change in the vault since the last scan; nil in a cold build.
    func takeVaultChanges() -> VaultChanges? {
        memory?.takeVaultChanges()
    }

    /// Forgets the slots of `kept` that this build did not ask for (shards no longer made).
    func forgetUnasked<Value>(_ kept: Kept<Value>) {
        memory?.store(kept).keepUsed()
    }

    /// `make(index)` for each source; in `serve`, the last build's result for a source that is the
    /// very object it was made from (made for the same page, when `pages` are given), when the last
    /// build ran in the same `context` (what every result also depends on, such as settings).
    func perNote<Source, Value>(
        _ kept: KeptPerNote<Source, Value>, _ sources: [Source], pages: [String] = [],
        context: @autoclosure () -> ContentKey = ContentKey(0), make: (Int) -> Value
    ) -> [Value] {
        guard let memory else { return sources.indices.map(make) }
        let store = memory.store(kept)
        let context = context()
        let last = store.made(context: context)
        let values = sources.indices.map { index in
            last?.value(for: sources[index], at: index, page: pages.isEmpty ? nil : pages[index])
                ?? make(index)
        }
        store.remember(values, from: sources, pages: pages, context: context)
        return values
    }

    /// ``perNote(_:_:pages:context:make:)`` on up to `jobs` tasks, advancing the progress bar.
    func mapPerNote<Source, Value>(
        _ kept: KeptPerNote<Source, Value>, _ sources: [Source], context: ContentKey = ContentKey(0),
        make: @escaping @Sendable (Int) async -> Value
    ) async -> [Value] {
        guard let memory else { return await map(Array(sources.indices), make) }
        let store = memory.store(kept)
        let last = store.made(context: context)
        let values = await map(Array(sources.indices)) { index in
            if let known = last?.value(for: sources[index], at: index) { return known }
            return await make(index)
        }
        store.remember(values, from: sources, context: context)
        return values
    }

    /// `make(index)` for each source on up to `jobs` tasks, advancing the progress bar; in `serve`,
    /// the last build's result for a source that is the same object with the same `key` (made for
    /// the same page, when `pages` are given).
    func mapPerNote<Source, Value>(
        _ kept: KeptPerNote<Source, Value>, _ sources: [Source], pages: [String] = [],
        key: @escaping @Sendable (Int) -> ContentKey, make: @escaping @Sendable (Int) async -> Value
    ) async -> [NoteResult<Value>] {
        await mapPerNote(kept, sources, pages: pages, input: { $0 }, key: key, make: make)
    }

    /// `make(input)` for each source's `input` on up to `jobs` tasks, advancing the progress bar;
    /// in `serve`, the last build's result for a source that is the same object (made for the same
    /// page, when `pages` are given) with an equal input. The key is the input, all of it, with
    /// what `beside` adds of the stage's other inputs that it names (the bytes of an image it
    /// names by path): `make` is given nothing the key leaves out, so no dependency can be
    /// forgotten by a hand-kept list. In a cold build `beside` is never called.
    func mapPerNote<Source, Input: Hashable & Sendable, Value>(
        _ kept: KeptPerNote<Source, Value>, _ sources: [Source], pages: [String] = [],
        from input: @escaping @Sendable (Int) -> Input, beside: @escaping @Sendable (Input) -> ContentKey,
        make: @escaping @Sendable (Input) async -> Value
    ) async -> [NoteResult<Value>] {
        await mapPerNote(
            kept, sources, pages: pages, input: input, key: { ContentKey($0, beside($0)) }, make: make)
    }

    /// What both ``mapPerNote(_:_:pages:key:make:)`` and ``mapPerNote(_:_:pages:from:beside:make:)`` do.
    private func mapPerNote<Source, Input: Sendable, Value>(
        _ kept: KeptPerNote<Source, Value>, _ sources: [Source], pages: [String],
        input: @escaping @Sendable (Int) -> Input, key: @escaping @Sendable (Input) -> ContentKey,
        make: @escaping @Sendable (Input) async -> Value
    ) async -> [NoteResult<Value>] {
        guard let memory else {
            return await map(Array(sources.indices)) {
                NoteResult(value: await make(input($0)), isNew: true, key: nil)
            }
        }
        let store = memory.store(kept)
        let last = store.made()
        let results = await map(Array(sources.indices)) { index in
            let input = input(index)
            let key = key(input)
            let page = pages.isEmpty ? nil : pages[index]
            if let known = last?.keyed(for: sources[index], at: index, page: page), known.key == key {
                return NoteResult(value: known.value, isNew: false, key: key)
            }
            return NoteResult(value: await make(input), isNew: true, key: key)
        }
        store.remember(
            results.map(\.value), from: sources, pages: pages, keys: results.compactMap(\.key))
        store.countReused(results.count { !$0.isNew })
        return results
    }
}

/// One source's result as a build has it.
struct NoteResult<Value: Sendable>: Sendable {
    let value: Value
    /// Made by this build rather than reused.
    let isNew: Bool
    /// What it was made from (`serve` only).
    let key: ContentKey?
}
